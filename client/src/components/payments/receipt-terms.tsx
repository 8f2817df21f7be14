import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * A receipt's terms, each name in a narrow column beside its value: a booking's receipt and a membership charge's
 * draw them alike. `className` sets the rows' gap.
 */
export function ReceiptTerms({ terms, className }: { terms: ReadonlyArray<readonly [string, ReactNode]>; className: string }) {
  return (
    <dl className={cn('grid text-sm', className)}>
      {terms.map(([term, value]) => (
        <div key={term} className="grid grid-cols-[6rem_1fr] gap-3">
          <dt className="text-neutral-600">{term}</dt>
          <dd className="text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
