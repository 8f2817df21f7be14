import type { ReactNode } from 'react';

/** A step's title; focusable (tabIndex -1) so the page can move focus to it when the step changes. */
export function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} tabIndex={-1} data-step-heading className="text-xl font-semibold text-neutral-900 focus-visible:outline-none">
      {children}
    </h2>
  );
}
