import { CalendarClock, CalendarPlus, Car, ChevronRight, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { MapView, type MapMarker } from '@/components/map/map-view.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useCurrentTracking } from '../api/get-current-tracking.ts';
import type { BookingTracking, UpcomingBooking } from '@core/schemas/tracking.ts';
import { TripStatusLine } from '../components/trip-status-line.tsx';
import { DetailerIdentity } from '../components/detailer-identity.tsx';

/** /track-provider: where the customer's detailer is, live, while a booking is on its way or in progress. */
export default function TrackProviderPage() {
  const current = useCurrentTracking();
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Track your detailer</h1>
      {current.isPending ? (
        <LoadingState label="Loading your detailer's location">
          <Skeleton className="h-24" />
          <Skeleton className="h-80" />
        </LoadingState>
      ) : current.isError ? (
        <ErrorState message="We couldn't load your detailer's location." onRetry={() => void current.refetch()} />
      ) : current.data.tracking ? (
        <Trip tracking={current.data.tracking} />
      ) : (
        <NoTrip nextBooking={current.data.nextBooking} />
      )}
    </div>
  );
}

function Trip({ tracking }: { tracking: BookingTracking }) {
  const { position, destination, detailer } = tracking;
  const markers: MapMarker[] = [];
  if (destination) {
    markers.push({ id: 'destination', kind: 'destination', position: destination, label: `Your address: ${destination.address}` });
  }
  if (position) {
    markers.push({
      id: 'detailer',
      kind: 'detailer',
      position,
      label: tracking.isPaused ? `${detailer.name}, last known location` : `${detailer.name}, current location`,
      isStale: tracking.isPaused,
    });
  }
  const route = position && destination && tracking.status === 'en_route' ? [position, destination] : [];

  return (
    <>
      <Card className="flex flex-col gap-4 p-4">
        <DetailerIdentity detailer={detailer} />
        <TripStatusLine tracking={tracking} />
      </Card>
      <MapView label="Map of your detailer's trip" markers={markers} route={route} className="h-80" />
      {destination && (
        <p className="flex items-start gap-2 text-sm text-neutral-700">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-600" />
          <span>
            Coming to <span className="font-medium text-neutral-900">{destination.address}</span>
          </span>
        </p>
      )}
      <Button asChild variant="secondary">
        <Link href={`/bookings/${tracking.bookingId}`}>
          View booking
          <ChevronRight aria-hidden />
        </Link>
      </Button>
    </>
  );
}

/**
 * 'Monday, January 5 at 9:00 AM' on the booking's clock (the detailer's zone), as My Bookings and the booking page say
 * it: a phone set to another zone must not show the same booking at another time here.
 */
function startsAtText({ startsAt, timeZone }: UpcomingBooking) {
  const at = new Date(startsAt);
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  return `${day} at ${time}`;
}

function NoTrip({ nextBooking }: { nextBooking: UpcomingBooking | null }) {
  if (!nextBooking) {
    return (
      <Card>
        <EmptyState
          icon={<Car />}
          title="No detailer on the way right now"
          description="When your detailer sets off, you'll see them here on a map with the time until they arrive."
          action={
            <Button asChild variant="accent">
              <Link href="/detailers">
                <CalendarPlus aria-hidden />
                Book a detailer
              </Link>
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-4 p-4">
      <div className="flex flex-col items-center gap-2 pt-4 text-center">
        <div aria-hidden className="mb-2 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Car className="size-7" />
        </div>
        <h2 className="text-lg font-semibold text-neutral-900">No detailer on the way right now</h2>
        <p className="max-w-sm text-sm text-neutral-600">Tracking starts when your detailer taps On my way.</p>
      </div>
      <Link
        href={`/bookings/${nextBooking.id}`}
        className="flex min-h-11 items-center gap-3 rounded-control border border-neutral-200 p-3 hover:bg-neutral-50"
      >
        <CalendarClock aria-hidden className="size-5 shrink-0 text-brand-600" />
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium tracking-wide text-neutral-600 uppercase">Your next booking</span>
          <span className="block truncate font-medium text-neutral-900">{nextBooking.serviceName}</span>
          <span className="block text-sm text-neutral-600">
            {startsAtText(nextBooking)} · {nextBooking.detailerBusinessName}
          </span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-neutral-500" />
      </Link>
    </Card>
  );
}
