import { BadgeCheck } from 'lucide-react';
import { Link } from 'wouter';
import { formatUsd } from '@core/domain/money.ts';
import type { Membership } from '@core/schemas/memberships.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TermList } from '@/components/ui/term-list.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useMembershipAction, useMyMembership, usePlans } from '../api/memberships.ts';
import { BillingHistory, formatDay } from '../components/billing-history.tsx';
import { UpdateCard } from '../components/update-card.tsx';
import { VisitRhythmSection } from '../visits/visit-rhythm-section.tsx';

const statusLabel = {
  active: ['success', 'Active'],
  past_due: ['warning', 'Payment failed'],
  incomplete: ['neutral', 'Waiting for payment'],
  canceled: ['neutral', 'Canceled'],
} as const;

/** /account/subscription ('My Subscription'): plan, status, billing, visits left, history, change, cancel, resume. */
export default function MySubscriptionPage() {
  const mine = useMyMembership();
  if (mine.isPending) {
    return (
      <LoadingState label="Loading your membership" className="p-4" aria-busy>
        <Skeleton className="h-40 rounded-card" />
        <Skeleton className="h-48 rounded-card" />
      </LoadingState>
    );
  }
  if (mine.isError) return <ErrorState message="We couldn't load your membership." onRetry={() => mine.refetch()} />;
  const membership = mine.data.membership;
  if (!membership) {
    return (
      <div className="grid gap-4 p-4">
        <h1 className="text-xl font-semibold text-neutral-900">My Subscription</h1>
        <EmptyState
          icon={<BadgeCheck />}
          title="You're not a member yet"
          description="A membership covers regular visits and takes money off everything else."
          action={
            <Link href="/subscription-plans" className={buttonClasses('primary', 'md')}>
              See the plans
            </Link>
          }
        />
      </div>
    );
  }
  return <MembershipView membership={membership} />;
}

function MembershipView({ membership }: { membership: Membership }) {
  const action = useMembershipAction();
  const plans = usePlans();
  const [variant, label] = statusLabel[membership.status];
  const run = (kind: 'change-plan' | 'cancel' | 'resume', success: string, planId?: number) =>
    action.mutate(
      { id: membership.id, action: kind, planId },
      {
        onSuccess: () => toast({ title: success }),
        onError: (error) =>
          toast({
            title: "Couldn't change your membership",
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  const others = (plans.data ?? []).filter((p) => p.id !== membership.plan.id);
  const live = membership.status === 'active' || membership.status === 'past_due';

  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">My Subscription</h1>
      <Card className="grid gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h2 className="text-lg font-semibold text-neutral-900">{membership.plan.name}</h2>
            <p className="text-sm text-neutral-600">{formatUsd(membership.plan.monthlyPriceCents)} / month</p>
          </div>
          <Badge variant={variant}>{label}</Badge>
        </div>
        <TermList
          terms={[
            [
              membership.cancelAtPeriodEnd ? 'Ends on' : 'Next billing date',
              formatDay(membership.nextBillingAt ?? membership.currentPeriodEnd),
            ],
            ['Visits left this month', `${membership.visitsLeftThisPeriod} of ${membership.plan.includedVisitsPerMonth}`],
          ]}
          className="grid gap-2 text-sm"
          rowClassName="flex justify-between gap-3"
          valueClassName="font-medium"
        />
        {membership.status === 'past_due' && (
          <p role="alert" className="text-sm text-danger-700">
            We couldn't charge your card. We'll try again on {formatDay(membership.nextBillingAt ?? membership.currentPeriodEnd)}.
          </p>
        )}
        {membership.nextPlan && (
          <div className="flex items-center justify-between gap-3 rounded-card bg-neutral-50 p-3">
            <p className="text-sm text-neutral-900">
              Changes to {membership.nextPlan.name} on {formatDay(membership.currentPeriodEnd)}
            </p>
            <Button
              size="md"
              variant="secondary"
              disabled={action.isPending}
              onClick={() => run('change-plan', `You're staying on ${membership.plan.name}`, membership.plan.id)}
            >
              Keep {membership.plan.name}
            </Button>
          </div>
        )}
        {live && <UpdateCard membership={membership} />}
        {live &&
          (membership.cancelAtPeriodEnd ? (
            <Button variant="primary" disabled={action.isPending} onClick={() => run('resume', 'Membership resumed')}>
              Resume membership
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={action.isPending}
              onClick={() => run('cancel', 'Your membership ends at the end of this period')}
            >
              Cancel at period end
            </Button>
          ))}
      </Card>

      {membership.status === 'active' && !membership.cancelAtPeriodEnd && others.length > 0 && (
        <Card className="grid gap-3 p-4" aria-labelledby="change-plan-title">
          <h2 id="change-plan-title" className="text-base font-semibold text-neutral-900">
            Change plan
          </h2>
          <p className="text-sm text-neutral-600">
            An upgrade charges the difference for the rest of this month now. A downgrade starts at the end of this period, when your next
            bill is the new price; there is no refund for this month.
          </p>
          {others.map((plan) => (
            <div key={plan.id} className="flex items-center justify-between gap-3">
              <span className="text-sm text-neutral-900">
                {plan.name} · {formatUsd(plan.monthlyPriceCents)} / month
              </span>
              <Button
                size="md"
                variant="secondary"
                disabled={action.isPending}
                onClick={() =>
                  run(
                    'change-plan',
                    plan.monthlyPriceCents < membership.plan.monthlyPriceCents
                      ? `You'll change to ${plan.name} on ${formatDay(membership.currentPeriodEnd)}`
                      : `You're now on ${plan.name}`,
                    plan.id,
                  )
                }
              >
                Switch
              </Button>
            </div>
          ))}
        </Card>
      )}

      <VisitRhythmSection membershipId={membership.id} />

      <Card className="grid gap-2 p-4" aria-labelledby="billing-history-title">
        <h2 id="billing-history-title" className="text-base font-semibold text-neutral-900">
          Billing history
        </h2>
        <BillingHistory membership={membership} />
      </Card>
    </div>
  );
}
