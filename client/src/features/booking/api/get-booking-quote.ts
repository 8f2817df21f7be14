import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingQuote } from '@core/schemas/booking.ts';
import { apiGet } from '@/lib/api-client.ts';

export type BookingQuoteParams = { serviceId: number; vehicleType: string; date: string };

/** GET /api/bookings/quote: the price the booking will be written with (the customer's plan applied). */
export function getBookingQuote({ serviceId, vehicleType, date }: BookingQuoteParams): Promise<BookingQuote> {
  const search = new URLSearchParams({ serviceId: String(serviceId), vehicleType, date });
  return apiGet<BookingQuote>(`/api/bookings/quote?${search}`);
}

export const bookingQuoteQueryOptions = (params: BookingQuoteParams) =>
  queryOptions({
    queryKey: ['/api/bookings/quote', params],
    queryFn: () => getBookingQuote(params),
    // A plan's visits and the settings change: asked again each time step 3 opens.
    staleTime: 0,
  });

export function useBookingQuote(params: BookingQuoteParams) {
  return useQuery(bookingQuoteQueryOptions(params));
}
