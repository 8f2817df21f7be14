import { TriangleAlert } from 'lucide-react';
import { customerSeesWithoutLocation } from '@/lib/geolocation.ts';
import type { SendingProblem } from '../hooks/use-position-sender.ts';

const problems: Record<SendingProblem, { title: string; text: string }> = {
  denied: {
    title: 'Location access is blocked',
    text:
      `Your browser is not allowing Glossly to use your location. ${customerSeesWithoutLocation} To share it, tap the icon beside the web address, ` +
      'open Site settings (or Permissions), set Location to Allow, then turn sharing on again. On an iPhone: ' +
      'Settings > Privacy & Security > Location Services > your browser > While Using the App.',
  },
  unavailable: {
    title: "We can't find your location",
    text: 'Your phone has no location fix right now. Check that Location is on, or step outside; sending resumes by itself.',
  },
  unsupported: {
    title: 'This browser cannot share a location',
    text: 'Open Glossly in Chrome, Safari or Firefox on your phone to share your location with customers.',
  },
  network: {
    title: 'Your location is not going out',
    text: "We couldn't reach Glossly. Check your connection; sending resumes by itself.",
  },
};

/** Why the location is not being shared, and what to do about it. */
export function SharingProblem({ problem }: { problem: SendingProblem }) {
  const { title, text } = problems[problem];
  return (
    <div role="alert" className="flex gap-3 rounded-card border border-danger-100 bg-danger-50 p-4">
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger-700" />
      <div>
        <p className="font-semibold text-danger-800">{title}</p>
        <p className="mt-1 text-sm text-neutral-800">{text}</p>
      </div>
    </div>
  );
}
