import { bookingPrice, defaultPricingSettings, type PricingSettings } from '@core/domain/pricing.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { DiscountSource } from '@core/domain/discount.ts';
import type { VehicleSurcharge } from '@core/schemas/catalog.ts';
import { DiscountLine } from '@/components/booking/discount-line.tsx';

export interface OrderSummaryProps {
  serviceName: string;
  priceCents: number;
  /** The chosen vehicle type and the service's surcharges (decision 020): its surcharge is a line of its own. */
  vehicleType?: string | null;
  surcharges?: readonly VehicleSurcharge[];
  /** The platform's fee and tax rate now (GET /api/settings/public); the spec's until they arrive. */
  settings?: PricingSettings;
  /** A discount already on the booking (decision 022): its own line, taken off before tax. */
  discount?: { discountCents: number; discountSource: DiscountSource | null; promoCode: string | null };
}

/**
 * Service price, the vehicle type's surcharge (only when there is one), any discount, the Service Fee, Tax and Total:
 * computed with core pricing and the live settings for display; the server recomputes and keeps its own numbers.
 */
export function OrderSummary({ serviceName, priceCents, vehicleType = null, surcharges = [], settings = defaultPricingSettings, discount }: OrderSummaryProps) {
  const surchargeCents = surcharges.find((s) => s.vehicleType === vehicleType)?.surchargeCents ?? 0;
  const price = bookingPrice(
    priceCents,
    surchargeCents,
    { discountCents: discount?.discountCents ?? 0, waiveServiceFee: discount?.discountSource === 'covered_visit' },
    settings,
  );
  const before = [
    { label: serviceName, amount: price.priceCents },
    ...(price.vehicleSurchargeCents > 0 ? [{ label: `${vehicleType} surcharge`, amount: price.vehicleSurchargeCents }] : []),
  ];
  const after = [
    { label: 'Service Fee', amount: price.serviceFeeCents },
    { label: 'Tax', amount: price.taxCents },
  ];
  const row = ({ label, amount }: { label: string; amount: number }) => (
    <div key={label} className="flex items-center justify-between gap-4">
      <dt className="text-neutral-600">{label}</dt>
      <dd className="font-medium text-neutral-900 tabular-nums">{formatUsd(amount)}</dd>
    </div>
  );
  return (
    <dl className="grid gap-2 text-sm">
      {before.map(row)}
      {discount && <DiscountLine discountCents={price.discountCents} discountSource={discount.discountSource} promoCode={discount.promoCode} />}
      {after.map(row)}
      <div className="mt-1 flex items-center justify-between gap-4 border-t border-neutral-200 pt-3 text-base">
        <dt className="font-semibold text-neutral-900">Total</dt>
        <dd className="font-bold text-neutral-900 tabular-nums">{formatUsd(price.totalCents)}</dd>
      </div>
    </dl>
  );
}
