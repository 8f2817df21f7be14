import { vehicleTypes, type VehicleType } from '@core/domain/booking-fields.ts';
import type { Booking } from '@core/schemas/booking.ts';
import type { Service } from '@core/schemas/catalog.ts';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { draftAmounts, emptyPendingBooking, type PendingBooking } from './pending-booking.ts';

/**
 * What 'Book again' (issue 16) makes of a past booking:
 * - `draft`: the booking flow's draft, on step 2, with the same detailer, service, car, address and notes;
 * - `service-gone`: the detailer no longer offers the service (paused, archived or dropped): nothing to prefill;
 * - `not-yours`: someone else's booking (an admin or its detailer may read it): the normal flow, nothing copied.
 */
export type RebookStart = { kind: 'draft'; draft: PendingBooking } | { kind: 'service-gone' } | { kind: 'not-yours' };

const isVehicleType = (value: string | undefined): value is VehicleType => (vehicleTypes as readonly string[]).includes(value ?? '');

/**
 * The draft for booking `booking` again as `userId`. `offeredServices` are the detailer's services now (today's
 * price); `vehicles` the customer's cars now, or null when they could not be read. The saved car is kept only if it
 * still exists (with its type of today: the server refuses a car whose type differs); else the booked car's type.
 * The date and time are left empty: step 2 picks the detailer's soonest free day.
 */
export function rebookStart(
  booking: Booking,
  userId: number,
  offeredServices: readonly Service[],
  vehicles: readonly Vehicle[] | null,
): RebookStart {
  if (booking.customerId !== userId) return { kind: 'not-yours' };
  const service = offeredServices.find((s) => s.id === booking.serviceId);
  if (!service) return { kind: 'service-gone' };
  const car = booking.vehicleId === null ? undefined : vehicles?.find((v) => v.id === booking.vehicleId);
  const vehicleType = car?.vehicleType ?? booking.vehicleDetails?.vehicleType ?? booking.vehicleType;
  return {
    kind: 'draft',
    draft: {
      ...emptyPendingBooking(booking.detailerId, booking.serviceId),
      ...draftAmounts(service.priceCents),
      // A type the form does not offer (none should exist) leaves the choice to step 1.
      vehicleType: isVehicleType(vehicleType) ? vehicleType : null,
      vehicleId: car?.id ?? null,
      notes: booking.notes?.trim() || null,
      address: booking.address,
      apt: booking.apt?.trim() || null,
      city: booking.city,
      zip: booking.zip,
      accessNotes: booking.accessNotes?.trim() || null,
      step: 2,
      rebookOf: booking.id,
    },
  };
}
