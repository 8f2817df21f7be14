import { CircleCheck, Star, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd } from '@core/domain/money.ts';
import type { DetailerDashboard } from '@core/schemas/dashboard.ts';
import { Card } from '@/components/ui/card.tsx';

function Stat({ icon, label, value, note }: { icon: ReactNode; label: string; value: string; note: string }) {
  return (
    <Card className="grid content-start gap-1 p-3">
      <p className="flex items-center gap-1.5 text-xs font-medium text-neutral-600">
        <span aria-hidden className="text-brand-600 [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </p>
      <p className="text-xl font-semibold tracking-tight text-neutral-900">{value}</p>
      <p className="text-xs text-neutral-600">{note}</p>
    </Card>
  );
}

/** This week's earnings, the acceptance rate and the rating, side by side. */
export function DashboardStats({ dashboard }: { dashboard: DetailerDashboard }) {
  const { acceptance } = dashboard;
  const answered = acceptance.accepted + acceptance.declined + acceptance.expired;
  return (
    <section aria-labelledby="stats-heading" className="grid gap-3">
      <h2 id="stats-heading" className="sr-only">
        Your numbers
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <div className="col-span-2">
          <Stat
            icon={<Wallet />}
            label="This week's earnings"
            value={formatUsd(dashboard.weekEarningsCents)}
            note={dashboard.weekEarningsCents > 0 ? 'Jobs and tips since Monday, after commission' : 'No earnings yet this week'}
          />
        </div>
        <Stat
          icon={<CircleCheck />}
          label="Acceptance rate"
          value={acceptance.ratePercent === null ? '—' : `${acceptance.ratePercent}%`}
          note={answered === 0 ? 'No requests answered yet' : `${acceptance.accepted} of ${answered} requests, 90 days`}
        />
        <Stat
          icon={<Star />}
          label="Rating"
          value={dashboard.reviewCount === 0 ? '—' : dashboard.rating.toFixed(1)}
          note={
            dashboard.reviewCount === 0 ? 'No reviews yet' : dashboard.reviewCount === 1 ? '1 review' : `${dashboard.reviewCount} reviews`
          }
        />
      </div>
    </section>
  );
}
