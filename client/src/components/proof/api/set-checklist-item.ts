import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingProof, SetChecklistItemInput } from '@core/schemas/proof.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingProofQueryKey } from './get-booking-proof.ts';

/** PATCH /api/bookings/:id/checklist/:itemId { checked }: while the job is in progress. */
export const setChecklistItem = ({ bookingId, itemId, ...input }: SetChecklistItemInput & { bookingId: number; itemId: number }) =>
  apiRequest<BookingProof>('PATCH', `/api/bookings/${bookingId}/checklist/${itemId}`, input);

export function useSetChecklistItem(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetChecklistItemInput & { itemId: number }) => setChecklistItem({ bookingId, ...input }),
    onSuccess: (proof) => queryClient.setQueryData(bookingProofQueryKey(bookingId), proof),
  });
}
