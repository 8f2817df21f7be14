import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '@core/schemas/booking.ts';
import type { SmartChoices, SmartOffers } from '@core/schemas/smart-booking.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';

/** GET /api/smart-booking/choices: the catalog, and the signed-in customer's cars and places. */
export function useSmartChoices(userId: number | null) {
  return useQuery({
    queryKey: ['/api/smart-booking/choices', userId],
    queryFn: () => apiGet<SmartChoices>('/api/smart-booking/choices'),
  });
}

/** GET /api/smart-booking/offers?...: the best three offers; off until the query is complete. */
export function useSmartOffers(search: URLSearchParams | null) {
  const query = search?.toString() ?? '';
  return useQuery({
    queryKey: ['/api/smart-booking/offers', query],
    queryFn: () => apiGet<SmartOffers>(`/api/smart-booking/offers?${query}`),
    enabled: search !== null,
    // Free times change as others book: ask again each time the page shows them.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/bookings for an offer: the hold the payment step then pays for. */
export function useBookOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBookingInput) => apiRequest<Booking>('POST', '/api/bookings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
