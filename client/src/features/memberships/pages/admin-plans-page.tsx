import { useState } from 'react';
import { BadgeCheck, Plus } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { AdminMembershipPlan } from '@core/schemas/memberships.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useAdminPlans, useSavePlan } from '../api/memberships.ts';
import { planIncludes } from '../components/plan-card.tsx';
import { PlanFormDialog } from '../components/plan-form-dialog.tsx';
import { PlansSkeleton } from '../components/plans-skeleton.tsx';

/** /admin/subscription-plans ('Manage Plans'): list, create, edit, retire and reactivate plans. */
export default function AdminPlansPage() {
  const plans = useAdminPlans();
  const save = useSavePlan();
  const [editing, setEditing] = useState<AdminMembershipPlan | 'new' | null>(null);

  const setStatus = (plan: AdminMembershipPlan, status: 'active' | 'retired') =>
    save.mutate(
      {
        id: plan.id,
        input: { ...plan, categoryIds: plan.categories.map((c) => c.id), status },
      },
      {
        onSuccess: () => toast({ title: status === 'retired' ? `${plan.name} retired` : `${plan.name} is on sale again` }),
        onError: (error) =>
          toast({ title: "Couldn't change the plan", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  if (plans.isPending) return <PlansSkeleton shape="rows" />;
  if (plans.isError) return <ErrorState message="We couldn't load the plans." onRetry={() => plans.refetch()} />;

  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Manage Plans</h1>
      <Button size="lg" onClick={() => setEditing('new')}>
        <Plus aria-hidden /> New plan
      </Button>
      {plans.data.length === 0 && (
        <EmptyState icon={<BadgeCheck />} title="No plans yet" description="Create the first plan customers can subscribe to." />
      )}
      <ul className="grid gap-3" aria-label="Plans">
        {plans.data.map((plan) => (
          <li key={plan.id}>
            <Card className="grid gap-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h2 className="text-base font-semibold text-neutral-900">{plan.name}</h2>
                  <p className="text-sm text-neutral-600">
                    {formatUsd(plan.monthlyPriceCents)} / month · {plan.memberCount} {plan.memberCount === 1 ? 'member' : 'members'}
                  </p>
                </div>
                <Badge variant={plan.status === 'active' ? 'success' : 'neutral'}>{plan.status === 'active' ? 'On sale' : 'Retired'}</Badge>
              </div>
              <p className="text-sm text-neutral-700">{planIncludes(plan).join(' · ') || 'No visits or discount'}</p>
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => setEditing(plan)} aria-label={`Edit ${plan.name}`}>
                  Edit
                </Button>
                {plan.status === 'active' ? (
                  <Button
                    variant="ghost"
                    disabled={save.isPending}
                    onClick={() => setStatus(plan, 'retired')}
                    aria-label={`Retire ${plan.name}`}
                  >
                    Retire
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    disabled={save.isPending}
                    onClick={() => setStatus(plan, 'active')}
                    aria-label={`Reactivate ${plan.name}`}
                  >
                    Reactivate
                  </Button>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {editing && <PlanFormDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
