import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** One row of a term list: what is named, then its value. */
export type Term = readonly [term: string, value: ReactNode];

export interface TermListProps {
  terms: ReadonlyArray<Term>;
  /** The list's layout: grid, gaps, text size. */
  className?: string;
  /** Each row's layout: the term beside its value, above it, or `contents` to place both in the list's own grid. */
  rowClassName?: string;
  /** Added to the term's muted colour. */
  termClassName?: string;
  /** Added to the value's dark colour. */
  valueClassName?: string;
}

/**
 * Terms and their values as a definition list, each `dt` right before its `dd` so screen readers pair them; every
 * screen keeps its own layout through the class names.
 */
export function TermList({ terms, className, rowClassName, termClassName, valueClassName }: TermListProps) {
  return (
    <dl className={className}>
      {terms.map(([term, value]) => (
        <div key={term} className={rowClassName}>
          <dt className={cn(termClassName, 'text-neutral-600')}>{term}</dt>
          <dd className={cn(valueClassName, 'text-neutral-900')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
