import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@core/schemas/receipt.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/bookings/:id/receipt: once the card was charged; 409 before, 404 for anyone but its parties. */
export const getReceipt = (bookingId: number) => apiGet<Receipt>(`/api/bookings/${bookingId}/receipt`);

export const receiptQueryKey = (bookingId: number) => ['bookings', bookingId, 'receipt'] as const;

// A tip or a refund changes the receipt: it refetches on the booking's live changes.
export const receiptQueryOptions = (bookingId: number) =>
  queryOptions({ queryKey: receiptQueryKey(bookingId), queryFn: () => getReceipt(bookingId), meta: liveOn('booking') });

export function useReceipt(bookingId: number) {
  return useQuery(receiptQueryOptions(bookingId));
}
