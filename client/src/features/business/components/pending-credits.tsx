import { formatUsd } from '@core/domain/money.ts';
import type { PendingCredit } from '@core/schemas/earnings.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { formatDay } from './money-format.ts';

/**
 * Membership visits done and not in the balance yet (decision 043): each is added once the member's 48 hours to report
 * a problem have passed, or waits while a reported problem is looked into.
 */
export function PendingCredits({ credits }: { credits: PendingCredit[] }) {
  if (credits.length === 0) return null;
  return (
    <section aria-labelledby="pending-credits-heading" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="pending-credits-heading" className="text-lg font-semibold tracking-tight text-neutral-900">
          Pending membership visits
        </h2>
        <p className="text-sm text-neutral-600">
          Glossly pays membership visits once the member's 48 hours to report a problem have passed.
        </p>
      </div>
      <ul className="grid gap-3">
        {credits.map((credit) => (
          <li key={credit.bookingId}>
            <Card className="flex items-start justify-between gap-3 p-4">
              <div className="grid min-w-0 gap-1">
                <p className="font-medium break-words text-neutral-900">{credit.serviceName}</p>
                <p className="text-sm text-neutral-600">
                  {credit.status === 'on_hold'
                    ? 'On hold: the member reported a problem, which Glossly is looking into'
                    : `Available ${formatDay(credit.availableAt)}`}
                </p>
              </div>
              <div className="grid shrink-0 justify-items-end gap-1">
                <p className="font-semibold text-neutral-900">{formatUsd(credit.amountCents)}</p>
                <Badge variant={credit.status === 'on_hold' ? 'warning' : 'neutral'}>
                  {credit.status === 'on_hold' ? 'On hold' : 'Pending'}
                </Badge>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
