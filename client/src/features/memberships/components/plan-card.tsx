import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { MembershipPlan } from '@core/schemas/memberships.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { cn } from '@/lib/cn.ts';

/** What a plan includes, in the customer's words. */
export function planIncludes(plan: MembershipPlan): string[] {
  const lines: string[] = [];
  if (plan.includedVisitsPerMonth > 0) {
    const what = plan.categories.map((c) => c.name.toLowerCase()).join(' or ') || 'covered';
    lines.push(
      `${plan.includedVisitsPerMonth} ${what} ${plan.includedVisitsPerMonth === 1 ? 'visit' : 'visits'} a month, up to ${formatUsd(plan.coveredPriceLimitCents)} each`,
    );
  }
  if (plan.discountBasisPoints > 0) lines.push(`${plan.discountBasisPoints / 100} % off other services`);
  return lines;
}

/** One plan as Subscription Plans shows it: price, what is included, the best value marked. */
export function PlanCard({ plan, action, current = false }: { plan: MembershipPlan; action?: ReactNode; current?: boolean }) {
  return (
    <Card
      className={cn('grid content-start gap-3 p-4', plan.bestValue && 'border-2 border-brand-600')}
      aria-labelledby={`plan-${plan.id}-name`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`plan-${plan.id}-name`} className="text-lg font-semibold text-neutral-900">
          {plan.name}
        </h2>
        {plan.bestValue && <Badge variant="brand">Best value</Badge>}
        {current && <Badge variant="success">Your plan</Badge>}
      </div>
      <p className="text-neutral-900">
        <span className="text-2xl font-bold">{formatUsd(plan.monthlyPriceCents)}</span>
        <span className="text-sm text-neutral-600"> / month</span>
      </p>
      <ul className="grid gap-1.5 text-sm text-neutral-700">
        {planIncludes(plan).map((line) => (
          <li key={line} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {line}
          </li>
        ))}
      </ul>
      {plan.perks && <p className="text-sm text-neutral-600">{plan.perks}</p>}
      {action}
    </Card>
  );
}
