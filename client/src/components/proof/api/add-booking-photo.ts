import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddBookingPhotoInput, BookingProof } from '@core/schemas/proof.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingProofQueryKey } from './get-booking-proof.ts';

/** POST /api/bookings/:id/photos: attaches an upload of the detailer's as a before or after photo. */
export const addBookingPhoto = ({ bookingId, ...input }: AddBookingPhotoInput & { bookingId: number }) =>
  apiRequest<BookingProof>('POST', `/api/bookings/${bookingId}/photos`, input);

export function useAddBookingPhoto(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddBookingPhotoInput) => addBookingPhoto({ bookingId, ...input }),
    onSuccess: (proof) => queryClient.setQueryData(bookingProofQueryKey(bookingId), proof),
  });
}
