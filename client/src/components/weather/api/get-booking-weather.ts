import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@core/schemas/booking.ts';
import type { BookingWeather } from '@core/schemas/weather.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';
import { bookingQueryKey } from '@/components/booking/api/get-booking.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';

/** Under the booking's key: a reschedule (any kind) refreshes it with the booking. */
export const bookingWeatherQueryKey = (bookingId: number) => [...bookingQueryKey(bookingId), 'weather'] as const;

/** GET /api/bookings/:id/weather: the 'Rain expected' panel and, for the customer, the dry slots. */
export function useBookingWeather(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: bookingWeatherQueryKey(bookingId),
    queryFn: () => apiGet<BookingWeather>(`/api/bookings/${bookingId}/weather`),
    enabled,
  });
}

/** POST /api/bookings/:id/weather-reschedule: one of the offered dry slots, free. */
export function useWeatherReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, startsAt }: { bookingId: number; startsAt: string }) =>
      apiRequest<Booking>('POST', `/api/bookings/${bookingId}/weather-reschedule`, { startsAt }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
