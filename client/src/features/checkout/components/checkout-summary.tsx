import { formatUsd } from '@core/domain/money.ts';

/** Service Total, the negative Referral Credits line when applied, Total Amount. */
export function CheckoutSummary({ totalCents, creditsCents, amountCents }: { totalCents: number; creditsCents: number; amountCents: number }) {
  return (
    <dl className="grid gap-2 text-sm" aria-label="Payment summary">
      <div className="flex justify-between gap-4">
        <dt className="text-neutral-600">Service Total</dt>
        <dd className="font-medium text-neutral-900 tabular-nums">{formatUsd(totalCents)}</dd>
      </div>
      {creditsCents > 0 && (
        <div className="flex justify-between gap-4">
          <dt className="text-neutral-600">Referral Credits</dt>
          <dd className="font-medium text-success-700 tabular-nums">-{formatUsd(creditsCents)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4 border-t border-neutral-200 pt-2 text-base">
        <dt className="font-semibold text-neutral-900">Total Amount</dt>
        <dd className="font-bold text-neutral-900 tabular-nums">{formatUsd(amountCents)}</dd>
      </div>
    </dl>
  );
}
