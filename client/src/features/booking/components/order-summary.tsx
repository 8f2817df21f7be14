import { bookingPrice } from '@core/domain/pricing.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { VehicleSurcharge } from '@core/schemas/catalog.ts';

export interface OrderSummaryProps {
  serviceName: string;
  priceCents: number;
  /** The chosen vehicle type and the service's surcharges (decision 020): its surcharge is a line of its own. */
  vehicleType?: string | null;
  surcharges?: readonly VehicleSurcharge[];
}

/**
 * Service price, the vehicle type's surcharge (only when there is one), the flat Service Fee, Tax and Total: computed
 * with core pricing for display; the server recomputes from the catalog.
 */
export function OrderSummary({ serviceName, priceCents, vehicleType = null, surcharges = [] }: OrderSummaryProps) {
  const surchargeCents = surcharges.find((s) => s.vehicleType === vehicleType)?.surchargeCents ?? 0;
  const price = bookingPrice(priceCents, surchargeCents);
  const rows = [
    { label: serviceName, amount: price.priceCents },
    ...(price.vehicleSurchargeCents > 0 ? [{ label: `${vehicleType} surcharge`, amount: price.vehicleSurchargeCents }] : []),
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
