import { CalendarClock } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { Earnings } from '@core/schemas/earnings.ts';
import { Card } from '@/components/ui/card.tsx';
import { cn } from '@/lib/cn.ts';
import { formatRunDate } from './money-format.ts';

/** The balance, this week's earnings and the next payout, with what stands in its way (no account, a carried refund). */
export function BalanceCard({ earnings }: { earnings: Earnings }) {
  const { balanceCents, weekCents, nextPayout, payoutAccount } = earnings;
  const canBePaid = payoutAccount?.status === 'active';
  return (
    <Card role="region" className="grid gap-4 p-4 sm:p-6" aria-labelledby="balance-heading">
      <div className="grid gap-1">
        <h2 id="balance-heading" className="text-sm font-medium text-neutral-600">
          Balance
        </h2>
        <p className={cn('text-3xl font-semibold tracking-tight', balanceCents < 0 ? 'text-danger-700' : 'text-neutral-900')}>
          {formatUsd(balanceCents)}
        </p>
        <p className="text-sm text-neutral-600">
          This week <span className="font-medium text-neutral-900">{formatUsd(weekCents)}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {(earnings.commissionBasisPoints / 100).toLocaleString('en-US')} % commission on jobs; tips are all yours
        </p>
      </div>
      <div className="flex items-start gap-3 rounded-control bg-brand-50 p-3">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div className="grid gap-0.5 text-sm">
          <p className="font-medium text-neutral-900">
            Next payout {formatRunDate(nextPayout.date)}
            {canBePaid && nextPayout.estimateCents > 0 && <> · about {formatUsd(nextPayout.estimateCents)}</>}
          </p>
          <p className="text-neutral-700">
            {!canBePaid
              ? 'Add your payout details below to get paid.'
              : balanceCents < 0
                ? `A refund came after your last payout: ${formatUsd(-balanceCents)} comes out of your next earnings.`
                : nextPayout.estimateCents > 0
                  ? 'Your whole balance is paid to your payout account.'
                  : 'Nothing to pay yet: completed jobs and tips add to your balance.'}
          </p>
        </div>
      </div>
    </Card>
  );
}
