import { CircleDot, Navigation, PauseCircle, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import type { BookingTracking } from '@core/schemas/tracking.ts';
import { useNow } from '../hooks/use-now.ts';
import { agoText, distanceText } from '../tracking-format.ts';

/**
 * The map's text alternative: how far away the detailer is, or that their location is paused (never a frozen dot
 * passed off as live), or that the job has started.
 */
export function TripStatusLine({ tracking }: { tracking: BookingTracking }) {
  const now = useNow(15_000);
  const { position } = tracking;
  let tone: 'live' | 'paused' | 'working' = 'live';
  let icon: ReactNode = <Navigation />;
  let headline: string;
  let detail: string;

  if (tracking.status === 'in_progress') {
    tone = 'working';
    icon = <Sparkles />;
    headline = 'Your detailer has arrived';
    detail = 'The service is in progress.';
  } else if (!position) {
    tone = 'paused';
    icon = <CircleDot />;
    headline = 'On the way';
    detail = 'Waiting for the first location from your detailer.';
  } else if (tracking.isPaused) {
    tone = 'paused';
    icon = <PauseCircle />;
    headline = `Location paused, last seen ${agoText(position.recordedAt, now)}`;
    detail = 'The map shows where your detailer was last seen. It updates again as soon as their phone reconnects.';
  } else {
    // The server's words (core/domain/arrival-text.ts): a minute only for a street-precise address.
    headline = tracking.etaText ?? 'On the way';
    const distance = distanceText(tracking.distanceMeters);
    detail = [distance && `${distance} away`, `updated ${agoText(position.recordedAt, now)}`].filter(Boolean).join(' · ');
  }

  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5',
          tone === 'live' && 'bg-brand-50 text-brand-700',
          tone === 'paused' && 'bg-warning-50 text-warning-700',
          tone === 'working' && 'bg-success-50 text-success-700',
        )}
      >
        {icon}
      </span>
      <div className="min-w-0">
        {/* Only the headline is announced: the distance changes every few seconds and would be read out each time. */}
        <p role="status" aria-label="Detailer status" className="text-lg leading-tight font-semibold text-neutral-900">
          {headline}
        </p>
        {detail && <p className="mt-0.5 text-sm text-neutral-600">{detail}</p>}
      </div>
    </div>
  );
}
