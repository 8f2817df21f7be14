import { bookingPrice } from '@core/domain/pricing.ts';
import { formatUsd } from '@core/domain/money.ts';

/** Service price, the flat Service Fee, Tax and Total: computed with core pricing for display; the server recomputes. */
export function OrderSummary({ serviceName, priceCents }: { serviceName: string; priceCents: number }) {
  const price = bookingPrice(priceCents);
  const rows = [
    { label: serviceName, amount: price.priceCents },
    { label: 'Service Fee', amount: price.serviceFeeCents },
    { label: 'Tax', amount: price.taxCents },
  ];
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex items-center justify-between gap-4">
          <dt className="text-neutral-600">{row.label}</dt>
          <dd className="font-medium text-neutral-900 tabular-nums">{formatUsd(row.amount)}</dd>
        </div>
      ))}
      <div className="mt-1 flex items-center justify-between gap-4 border-t border-neutral-200 pt-3 text-base">
        <dt className="font-semibold text-neutral-900">Total</dt>
        <dd className="font-bold text-neutral-900 tabular-nums">{formatUsd(price.totalCents)}</dd>
      </div>
    </dl>
  );
}
