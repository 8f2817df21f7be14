import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

/** How tall a plan's placeholder is: the admin's compact rows or the customer's full plan cards. */
const planHeights = { rows: 'h-32', cards: 'h-56' } as const;

/** The plans still loading, on the customer's and the admin's plan pages: two placeholders the size of what comes. */
export function PlansSkeleton({ shape }: { shape: keyof typeof planHeights }) {
  return (
    <LoadingState label="Loading the plans" className="p-4" aria-busy>
      <Skeleton className={`${planHeights[shape]} rounded-card`} />
      <Skeleton className={`${planHeights[shape]} rounded-card`} />
    </LoadingState>
  );
}
