import type { ComponentProps } from 'react';
import { CircleHelp } from 'lucide-react';

/** The pulsing badge of a click-trigger help bubble. */
export function HelpBadge({ title, ...props }: { title: string } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={`Help: ${title}`}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-brand-600 hover:bg-brand-50"
      {...props}
    >
      <span aria-hidden="true" className="absolute top-2.5 right-2.5 flex size-2.5">
        <span className="absolute inline-flex size-full rounded-full bg-accent-500 opacity-75 motion-safe:animate-ping" />
        <span className="relative inline-flex size-2.5 rounded-full bg-accent-600" />
      </span>
      <CircleHelp aria-hidden="true" className="size-5" />
    </button>
  );
}
