import { useId } from 'react';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ChecklistItem } from '@core/schemas/proof.ts';
import { ChecklistHeading } from './checklist-heading.tsx';

/** The job's checklist as the customer sees it: each item with a tick once the detailer has done it. */
export function ProofChecklist({ items }: { items: ChecklistItem[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <ChecklistHeading id={headingId} items={items} />
      <ul className="grid gap-1.5">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-2 text-sm">
            {item.checked ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success-700" />
            ) : (
              <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-neutral-400" />
            )}
            <span className={item.checked ? 'text-neutral-900' : 'text-neutral-600'}>
              {item.label}
              <span className="sr-only">{item.checked ? ': done' : ': not done yet'}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
