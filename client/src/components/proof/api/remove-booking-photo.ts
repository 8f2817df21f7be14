import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingProof } from '@core/schemas/proof.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingProofQueryKey } from './get-booking-proof.ts';

/** DELETE /api/bookings/:id/photos/:photoId: the customer no longer sees it; the upload stays the detailer's. */
export const removeBookingPhoto = ({ bookingId, photoId }: { bookingId: number; photoId: number }) =>
  apiRequest<BookingProof>('DELETE', `/api/bookings/${bookingId}/photos/${photoId}`);

export function useRemoveBookingPhoto(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) => removeBookingPhoto({ bookingId, photoId }),
    onSuccess: (proof) => queryClient.setQueryData(bookingProofQueryKey(bookingId), proof),
  });
}
