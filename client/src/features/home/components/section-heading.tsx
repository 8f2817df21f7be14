import type { ReactNode } from 'react';

export function SectionHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <div className="mb-3 flex min-h-11 items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      {action}
    </div>
  );
}
