import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useParams } from 'wouter';
import { CalendarClock, CalendarX } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import { vehicleTypes } from '@core/domain/booking-fields.ts';
import type { QuickCheckoutForm, QuickCheckoutFormInput } from '@core/schemas/booking.ts';
import type { SoonestSlot } from '@core/schemas/payments.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { useSoonestSlot } from '../api/get-soonest-slot.ts';
import { VehicleTypeSelect } from '@/components/vehicles/vehicle-type-select.tsx';
import { draftAmounts, emptyPendingBooking, readPendingBooking, savePendingBooking } from '../lib/pending-booking.ts';
import { parseRouteId } from '@core/domain/ids.ts';
import type { SavedAddress } from '@core/schemas/address.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useSavedAddresses } from '@/components/places/api/get-addresses.ts';

// The booking form's own rule for the vehicle (the server checks the same one).
const resolver = schemaResolver<QuickCheckoutFormInput, QuickCheckoutForm>(() =>
  import('@core/schemas/booking.ts').then((schemas) => schemas.quickCheckoutFormSchema),
);

/** The vehicle of the customer's last booking draft, if any: the likely one. */
function lastVehicleType(): string {
  const last = readPendingBooking()?.vehicleType ?? '';
  return (vehicleTypes as readonly string[]).includes(last) ? last : '';
}

const dayFormat = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * /quick-checkout/:serviceId: the server finds the soonest free detailer and slot for the service; the customer
 * names the vehicle (the one thing the booking flow still needs) and lands on step 2 with everything preselected.
 */
export default function QuickCheckoutPage() {
  const params = useParams<{ serviceId: string }>();
  const serviceId = parseRouteId(params.serviceId);
  // A customer's default place: the soonest time is one a detailer who comes there can reach (the booking's rule).
  const { user, isLoading: isUserPending } = useCurrentUser();
  const isCustomer = user?.role === 'customer';
  const places = useSavedAddresses({ enabled: isCustomer });
  const place = isCustomer ? (places.data?.find((p) => p.isDefault) ?? places.data?.[0] ?? null) : null;
  const isPlaceKnown = !isUserPending && (!isCustomer || !places.isPending);
  const slot = useSoonestSlot(serviceId, isPlaceKnown ? (place?.zip ?? null) : undefined);

  if (serviceId === null || (slot.isError && slot.error instanceof ApiError && slot.error.status === 404)) {
    return (
      <EmptyState
        icon={<CalendarX />}
        title="No time available"
        description={errorMessage(slot.error, 'This service could not be found.')}
        action={
          <Button asChild>
            <Link href="/detailers">Browse detailers</Link>
          </Button>
        }
      />
    );
  }
  if (slot.isError) return <ErrorState message="We couldn't look for a free time." onRetry={() => slot.refetch()} />;
  if (slot.isPending || !isPlaceKnown) {
    return (
      <div className="grid gap-4 p-4">
        <p role="status" className="text-sm text-neutral-600">
          Finding the soonest available time...
        </p>
        <Skeleton className="h-32" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  return <SlotFound slot={slot.data} place={place} />;
}

function SlotFound({ slot, place }: { slot: SoonestSlot; place: SavedAddress | null }) {
  const [, navigate] = useLocation();
  const form = useForm<QuickCheckoutFormInput, unknown, QuickCheckoutForm>({
    resolver,
    defaultValues: { vehicleType: lastVehicleType() },
  });
  const vehicleType = useWatch({ control: form.control, name: 'vehicleType' });
  const error = form.formState.errors.vehicleType?.message;
  const settings = usePublicSettings();

  const submit = form.handleSubmit((vehicle) => {
    // The booking flow restores its draft from local storage: written at step 2, it opens there, preselected.
    savePendingBooking({
      ...emptyPendingBooking(slot.detailerId, slot.serviceId),
      vehicleType: vehicle.vehicleType,
      date: slot.date,
      time: slot.time,
      ...(place && {
        address: place.address,
        apt: place.apt || null,
        city: place.city,
        zip: place.zip,
        accessNotes: place.accessNotes || null,
      }),
      ...draftAmounts(slot.priceCents, settings),
      step: 2,
    });
    navigate(`/booking/${slot.detailerId}`);
  });

  return (
    <section aria-labelledby="quick-checkout-heading" className="grid gap-4 p-4">
      <h1 id="quick-checkout-heading" className="text-xl font-semibold text-neutral-900">
        Soonest available
      </h1>
      <Card className="grid gap-3 p-4">
        <div className="flex items-start gap-3">
          <div aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-control bg-brand-50 text-brand-700">
            <CalendarClock className="size-5" />
          </div>
          <div className="min-w-0">
            <p className="font-semibold text-neutral-900">{slot.serviceName}</p>
            <p className="text-sm text-neutral-600">with {slot.detailerBusinessName}</p>
            {place && (
              <p className="text-sm text-neutral-600">
                at {place.label}, {place.address}
              </p>
            )}
            <p className="mt-1 font-medium text-brand-700">
              {dayFormat(slot.date)} at {slot.time}
            </p>
          </div>
          <p className="ml-auto font-semibold text-neutral-900 tabular-nums">{formatUsd(slot.priceCents)}</p>
        </div>
      </Card>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="quick-vehicleType">Vehicle Type</Label>
          <VehicleTypeSelect
            id="quick-vehicleType"
            isEmpty={!vehicleType}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'quick-vehicleType-error' : undefined}
            {...form.register('vehicleType')}
          />
          <FieldError id="quick-vehicleType-error">{error}</FieldError>
        </div>
        <Button type="submit" size="lg">
          Continue to Schedule
        </Button>
        <p className="text-center text-sm text-neutral-600">
          {place ? 'Next: confirm the time and your address.' : 'Next: confirm the time and add your address.'}
        </p>
      </form>
    </section>
  );
}
