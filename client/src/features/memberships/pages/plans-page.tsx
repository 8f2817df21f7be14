import { BadgeCheck } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { usePlans } from '../api/memberships.ts';
import { PlanCard } from '../components/plan-card.tsx';
import { PlansSkeleton } from '../components/plans-skeleton.tsx';

/** /subscription-plans ('Subscription Plans'): the plans on sale side by side; Subscribe signs in first when needed. */
export default function PlansPage() {
  const plans = usePlans();
  if (plans.isPending) return <PlansSkeleton shape="cards" />;
  if (plans.isError) return <ErrorState message="We couldn't load the plans." onRetry={() => plans.refetch()} />;
  if (plans.data.length === 0) {
    return (
      <div className="grid gap-4 p-4">
        <h1 className="text-xl font-semibold text-neutral-900">Subscription Plans</h1>
        <EmptyState icon={<BadgeCheck />} title="No plans yet" description="No membership plans are on sale right now. Check back later." />
      </div>
    );
  }
  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Subscription Plans</h1>
      <p className="text-sm text-neutral-600">
        Regular care for your car, billed monthly. Cancel any time; it ends with the month you paid for.
      </p>
      {/* scroll-px-4: cards snap to the page's 16 px margin, not flush against the screen's edge. */}
      <div className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2" role="list" aria-label="Plans">
        {plans.data.map((plan) => (
          <div key={plan.id} role="listitem" className="w-[78%] max-w-xs shrink-0 snap-start">
            <PlanCard
              plan={plan}
              action={
                <Link
                  href={`/subscribe?plan=${plan.id}`}
                  className={buttonClasses(plan.bestValue ? 'primary' : 'secondary', 'md')}
                  aria-label={`Subscribe to ${plan.name}`}
                >
                  Subscribe
                </Link>
              }
            />
          </div>
        ))}
      </div>
    </div>
  );
}
