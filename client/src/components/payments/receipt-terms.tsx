import { TermList, type Term } from '@/components/ui/term-list.tsx';
import { cn } from '@/lib/cn.ts';

/**
 * A receipt's terms, each name in a narrow column beside its value: a booking's receipt and a membership charge's
 * draw them alike. `className` sets the rows' gap.
 */
export function ReceiptTerms({ terms, className }: { terms: ReadonlyArray<Term>; className: string }) {
  return <TermList terms={terms} className={cn('grid text-sm', className)} rowClassName="grid grid-cols-[6rem_1fr] gap-3" />;
}
