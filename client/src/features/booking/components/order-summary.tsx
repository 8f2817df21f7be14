import { formatUsd } from '@core/domain/money.ts';
import type { BookingQuote } from '@core/schemas/booking.ts';
import { DiscountLine } from '@/components/booking/discount-line.tsx';

export interface OrderSummaryProps {
  serviceName: string;
  vehicleType: string;
  /** The server's price for this booking (GET /api/bookings/quote): what POST /api/bookings will write. */
  quote: Pick<
    BookingQuote,
    'priceCents' | 'vehicleSurchargeCents' | 'discountCents' | 'discountSource' | 'serviceFeeCents' | 'taxCents' | 'totalCents'
  >;
}

/**
 * Service price, the vehicle type's surcharge (only when there is one), the member's discount or covered visit, the
 * Service Fee, Tax and Total: the server's lines as they are, never recomputed here (issue 36: one price).
 */
export function OrderSummary({ serviceName, vehicleType, quote }: OrderSummaryProps) {
  const before = [
    { label: serviceName, amount: quote.priceCents },
    ...(quote.vehicleSurchargeCents > 0 ? [{ label: `${vehicleType} surcharge`, amount: quote.vehicleSurchargeCents }] : []),
  ];
  const after = [
    { label: 'Service Fee', amount: quote.serviceFeeCents },
    { label: 'Tax', amount: quote.taxCents },
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
      <DiscountLine discountCents={quote.discountCents} discountSource={quote.discountSource} promoCode={null} />
      {after.map(row)}
      <div className="mt-1 flex items-center justify-between gap-4 border-t border-neutral-200 pt-3 text-base">
        <dt className="font-semibold text-neutral-900">Total</dt>
        <dd className="font-bold text-neutral-900 tabular-nums">{formatUsd(quote.totalCents)}</dd>
      </div>
    </dl>
  );
}
