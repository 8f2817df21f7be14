import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeSlotLabel } from '@core/schemas/booking.ts';
import { addDays } from '@/lib/calendar-dates.ts';
import { availabilityQueryKey, getAvailability } from './get-availability.ts';

/** How many of a detailer's first free slots 'Book again' marks as Soonest. */
export const soonestSlotCount = 3;
/** How far ahead it looks, as quick checkout's soonest slot does (server/bookings/soonest-slot-service.ts). */
export const soonestSearchDays = 14;

export type SoonestSlot = { date: string; time: TimeSlotLabel };
export type DetailerSoonestParams = { detailerId: number; serviceId: number | null; fromDate: string; zip: string | null };

/**
 * One detailer's first free slots from `fromDate` on (their today), read day by day through
 * GET /api/detailers/:id/availability, the very answer step 2 shows: what is marked Soonest is what can be picked.
 * Most days have a free slot, so this is usually one request; at most 14. Empty when nothing is free.
 */
export async function getDetailerSoonestSlots({ detailerId, serviceId, fromDate, zip }: DetailerSoonestParams): Promise<SoonestSlot[]> {
  const found: SoonestSlot[] = [];
  for (let offset = 0; offset < soonestSearchDays && found.length < soonestSlotCount; offset++) {
    const date = addDays(fromDate, offset);
    const day = await getAvailability({ detailerId, date, serviceId, zip });
    for (const slot of day.slots) {
      if (slot.available && found.length < soonestSlotCount) found.push({ date, time: slot.time });
    }
  }
  return found;
}

export const detailerSoonestSlotsQueryOptions = (params: DetailerSoonestParams) =>
  queryOptions({
    // Under the detailer's availability key: a slot taken under the customer (409) refreshes this too.
    queryKey: [
      ...availabilityQueryKey(params.detailerId),
      'soonest',
      { serviceId: params.serviceId, fromDate: params.fromDate, zip: params.zip },
    ],
    queryFn: () => getDetailerSoonestSlots(params),
    staleTime: 0,
  });

/** The detailer's soonest free slots, or nothing asked when `params` is null. */
export function useDetailerSoonestSlots(params: DetailerSoonestParams | null) {
  return useQuery({
    ...detailerSoonestSlotsQueryOptions(params ?? { detailerId: 0, serviceId: null, fromDate: '', zip: null }),
    enabled: params !== null,
  });
}
