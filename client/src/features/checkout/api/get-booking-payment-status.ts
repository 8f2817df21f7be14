import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntentStatusResponse } from '@core/schemas/payments.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/payments/booking-status?bookingId=: where a 'payment' notification links (/payment-success?id=). */
export const getBookingPaymentStatus = (bookingId: number) =>
  apiGet<IntentStatusResponse>(`/api/payments/booking-status?bookingId=${bookingId}`);

export const bookingPaymentStatusQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: ['/api/payments/booking-status', bookingId] as const,
    queryFn: () => getBookingPaymentStatus(bookingId),
    staleTime: 0,
    meta: liveOn('booking'),
  });

export function useBookingPaymentStatus(bookingId: number | null) {
  return useQuery({ ...bookingPaymentStatusQueryOptions(bookingId ?? 0), enabled: bookingId !== null });
}
