import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { ledgerKindLabels } from '@core/domain/earnings.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { Payout, PayoutStatus } from '@core/schemas/earnings.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { cn } from '@/lib/cn.ts';
import { formatDay, formatRunDate } from './money-format.ts';

const statusBadge: Record<PayoutStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'On its way', variant: 'brand' },
  paid: { label: 'Paid', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

/** Past payouts, newest first; each opens to the jobs, tips and refunds it paid. */
export function PayoutsList({ payouts }: { payouts: Payout[] }) {
  return (
    <section aria-labelledby="payouts-heading" className="grid gap-3">
      <h2 id="payouts-heading" className="text-lg font-semibold tracking-tight text-neutral-900">
        Past payouts
      </h2>
      {payouts.length === 0 ? (
        <Card className="p-4 text-sm text-neutral-600">No payouts yet. Your balance is paid on the next payout day.</Card>
      ) : (
        <ul className="grid gap-3">
          {payouts.map((payout) => (
            <li key={payout.id}>
              <PayoutItem payout={payout} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PayoutItem({ payout }: { payout: Payout }) {
  const [isOpen, setIsOpen] = useState(false);
  const badge = statusBadge[payout.status];
  const linesId = `payout-${payout.id}-lines`;
  const jobs = payout.lines.filter((line) => line.bookingId !== null).length;
  return (
    <Card>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={linesId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex min-h-11 w-full items-center gap-3 rounded-card p-4 text-left focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <div className="grid min-w-0 flex-1 gap-1">
          <span className="font-semibold text-neutral-900">{formatUsd(payout.amountCents)}</span>
          <span className="text-sm text-neutral-600">
            {formatRunDate(payout.runDate, true)} · {jobs === 1 ? '1 booking' : `${jobs} bookings`}
          </span>
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 shrink-0 text-neutral-500 transition-transform motion-reduce:transition-none', isOpen && 'rotate-180')}
        />
      </button>
      <div id={linesId} hidden={!isOpen} className="border-t border-neutral-100 px-4 pb-4">
        {payout.failureMessage && (
          <p className="pt-3 text-sm text-danger-700">{payout.failureMessage} The amount is back in your balance.</p>
        )}
        <ul className="grid gap-2 pt-3" aria-label={`Bookings in the payout of ${formatRunDate(payout.runDate, true)}`}>
          {payout.lines.map((line) => (
            <li key={line.id} className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0">
                <span className="block truncate text-neutral-900">
                  {line.serviceName ?? ledgerKindLabels[line.kind]}
                  {line.bookingId !== null && <span className="text-neutral-600"> · #{line.bookingId}</span>}
                </span>
                <span className="text-neutral-600">
                  {ledgerKindLabels[line.kind]} · {formatDay(line.createdAt)}
                  {line.commissionCents !== 0 && (
                    <>
                      {' '}
                      · {formatUsd(line.grossCents)} less {formatUsd(Math.abs(line.commissionCents))} commission
                    </>
                  )}
                </span>
              </span>
              <span className={cn('shrink-0 font-medium', line.amountCents < 0 ? 'text-danger-700' : 'text-neutral-900')}>
                {formatUsd(line.amountCents)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
