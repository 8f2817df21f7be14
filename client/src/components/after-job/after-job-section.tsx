import { ReceiptText } from 'lucide-react';
import { Link } from 'wouter';
import type { Booking } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { ReportProblem } from './report-problem.tsx';
import { TipCard } from './tip-card.tsx';

/**
 * What a booking's page offers once the card was charged: the receipt (every party), and for the customer of a
 * completed job the tip and 'Report a problem' (48 hours each), then what became of them.
 */
export function AfterJobSection({ booking, isCustomer }: { booking: Booking; isCustomer: boolean }) {
  const isCompleted = booking.status === 'completed';
  // A late cancellation's fee is a charge too: its receipt exists.
  const wasCharged = isCompleted || booking.refundedCents + booking.refundableCents > 0;
  if (!wasCharged) return null;
  return (
    <section aria-label="After the job" className="grid gap-4">
      {isCustomer && isCompleted && booking.completedAt && (
        <>
          <TipCard bookingId={booking.id} detailerName={booking.detailerBusinessName} />
          <ReportProblem bookingId={booking.id} completedAt={booking.completedAt} />
        </>
      )}
      <Button asChild variant="secondary" size="lg">
        <Link href={`/bookings/${booking.id}/receipt`}>
          <ReceiptText aria-hidden />
          View receipt
        </Link>
      </Button>
    </section>
  );
}
