import { proofStatuses, type BookingStatus } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useBookingProof } from './api/get-booking-proof.ts';
import { ProofEditor } from './proof-editor.tsx';
import { ProofGallery } from './proof-gallery.tsx';

/** Proof exists from the way to the car on; earlier statuses have none to show. */
const statusesWithProof: ReadonlySet<BookingStatus> = new Set(proofStatuses);

/**
 * A booking's proof of service, for any page that shows the booking: the editor for its detailer while the job is
 * under way, the photos and checklist read-only for everyone else (live as the detailer adds them). Nothing for a
 * booking before the way to the car, nor for a finished job that has no proof (done before proof existed).
 */
export function BookingProof({ booking }: { booking: Booking }) {
  const hasProof = statusesWithProof.has(booking.status);
  const proof = useBookingProof(booking.id, { enabled: hasProof });
  if (!hasProof) return null;
  if (proof.isPending) {
    return (
      <LoadingState label="Loading the proof of service">
        <Card className="grid gap-3 p-4" aria-hidden>
          <Skeleton className="h-5 w-36" />
          <div className="grid grid-cols-2 gap-2">
            <Skeleton className="aspect-[4/3]" />
            <Skeleton className="aspect-[4/3]" />
          </div>
        </Card>
      </LoadingState>
    );
  }
  if (proof.isError) {
    return (
      <Card>
        <ErrorState title="Proof of service" message="We couldn't load the photos and checklist." onRetry={() => proof.refetch()} />
      </Card>
    );
  }
  if (proof.data.canEdit) return <ProofEditor booking={booking} proof={proof.data} />;
  const isEmpty = proof.data.photos.length === 0 && proof.data.checklist.length === 0;
  if (isEmpty && booking.status === 'completed') return null;
  return (
    <ProofGallery
      proof={proof.data}
      serviceName={booking.serviceName}
      isUnderWay={booking.status !== 'completed'}
      timeZone={booking.timeZone}
    />
  );
}
