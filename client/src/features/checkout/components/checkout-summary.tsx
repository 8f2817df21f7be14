import { formatUsd } from '@core/domain/money.ts';
import { DiscountLine, type DiscountLineProps } from '@/components/booking/discount-line.tsx';

/** What the Service Total includes for the car's type (decision 020), shown under it when there is one. */
export type IncludedSurcharge = { vehicleType: string; cents: number };

/**
 * Service Total (and the vehicle surcharge and discount it includes), the negative Referral Credits line when applied,
 * Total Amount.
 */
export function CheckoutSummary({
  totalCents,
  creditsCents,
  amountCents,
  surcharge,
  discount,
}: {
  totalCents: number;
  creditsCents: number;
  amountCents: number;
  surcharge?: IncludedSurcharge;
  /** The booking's discount (decision 022): the Service Total is already after it. */
  discount?: Omit<DiscountLineProps, 'variant'>;
}) {
  return (
    <dl className="grid gap-2 text-sm" aria-label="Payment summary">
      <div className="flex justify-between gap-4">
        <dt className="text-neutral-600">Service Total</dt>
        <dd className="font-medium text-neutral-900 tabular-nums">{formatUsd(totalCents)}</dd>
      </div>
      {surcharge && surcharge.cents > 0 && (
        <div className="-mt-1 flex justify-between gap-4 pl-3 text-xs">
          <dt className="text-neutral-600">Includes {surcharge.vehicleType} surcharge</dt>
          <dd className="text-neutral-600 tabular-nums">{formatUsd(surcharge.cents)}</dd>
        </div>
      )}
      {discount && <DiscountLine {...discount} variant="included" />}
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

/**
 * The summary's loading placeholder, row for row as tall as the summary it stands for (61 px with no credits and no
 * surcharge), so the card form below does not move when the amounts arrive (issue 13: layout shift).
 */
export function CheckoutSummarySkeleton({ hasCredits, hasSurcharge }: { hasCredits: boolean; hasSurcharge: boolean }) {
  const row = (height: string, width: string) => (
    <div className={`flex items-center justify-between gap-4 ${height}`}>
      <div className={`h-3.5 ${width} animate-pulse rounded bg-neutral-100`} />
      <div className="h-3.5 w-16 animate-pulse rounded bg-neutral-100" />
    </div>
  );
  return (
    <div className="grid gap-2" aria-hidden>
      {row('h-5', 'w-24')}
      {hasSurcharge && <div className="-mt-1 h-4" />}
      {hasCredits && row('h-5', 'w-28')}
      <div className="border-t border-neutral-200 pt-2">{row('h-6', 'w-28')}</div>
    </div>
  );
}
