import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bookingQueryOptions } from '@/components/booking/api/get-booking.ts';
import { useDetailer } from '@/components/catalog/api/get-detailer.ts';
import { useService } from '@/components/catalog/api/get-service.ts';
import { useVehicles } from '@/components/vehicles/api/get-vehicles.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { readPendingBooking, type PendingBooking } from './pending-booking.ts';
import { rebookStart } from './rebook.ts';

export type RebookState =
  /** No past booking to start from, or none the caller may copy: the normal flow. */
  | { status: 'off' }
  | { status: 'loading' }
  /** The service cannot be booked any more (404/409, or the detailer no longer offers it). */
  | { status: 'unavailable'; detailerId: number; businessName: string; serviceName: string }
  | { status: 'ready'; draft: PendingBooking };

/** A 404 or 409 for the service: it is archived, paused or gone (decision 020). */
const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

/**
 * 'Book again' (issue 16): the booking flow's start from the past booking `bookingId` (the `rebook` query
 * parameter), read through GET /api/bookings/:id, which answers 404 for anyone else's booking. Only a customer's
 * own booking prefills; a draft already started from it (a reload) is resumed instead of prefilled again.
 */
export function useRebookStart(bookingId: number | null): RebookState {
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const [isResumed] = useState(() => bookingId !== null && readPendingBooking()?.rebookOf === bookingId);
  const isWanted = bookingId !== null && !isResumed && user?.role === 'customer';
  const booking = useQuery({ ...bookingQueryOptions(bookingId ?? 0), enabled: isWanted });
  const own = isWanted && booking.data?.customerId === user?.id ? booking.data : undefined;
  const detailer = useDetailer(own ? own.detailerId : null);
  const service = useService(own ? own.serviceId : null);
  const vehicles = useVehicles({ enabled: own !== undefined });
  // The first answer stands: a live refresh of the booking must not restart the flow under the customer.
  const [settled, setSettled] = useState<RebookState | null>(null);
  if (settled) return settled;

  const state = ((): RebookState => {
    if (bookingId === null || isResumed) return { status: 'off' };
    if (isUserLoading) return { status: 'loading' };
    if (!isWanted) return { status: 'off' };
    if (booking.isPending) return { status: 'loading' };
    if (!own) return { status: 'off' };
    const unavailable = {
      status: 'unavailable',
      detailerId: own.detailerId,
      businessName: own.detailerBusinessName,
      serviceName: own.serviceName,
    } as const;
    if (isGone(service.error)) return unavailable;
    if (detailer.isPending || service.isPending || vehicles.isPending) return { status: 'loading' };
    // The detailer gone: the normal flow says so.
    if (detailer.isError) return { status: 'off' };
    const start = rebookStart(own, user!.id, detailer.data.offeredServices, vehicles.data ?? null);
    if (start.kind === 'service-gone') return unavailable;
    if (start.kind === 'not-yours') return { status: 'off' };
    return { status: 'ready', draft: start.draft };
  })();
  if (state.status !== 'loading') setSettled(state);
  return state;
}
