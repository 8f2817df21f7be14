import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, CreateClaimInput } from '@core/schemas/claim.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingClaimsQueryKey } from './get-booking-claims.ts';

/** POST /api/bookings/:id/claims: 'Report a problem', with photos already uploaded (POST /api/uploads). */
export const createClaim = ({ bookingId, ...input }: CreateClaimInput & { bookingId: number }) =>
  apiRequest<Claim>('POST', `/api/bookings/${bookingId}/claims`, input);

export function useCreateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClaim,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: bookingClaimsQueryKey(input.bookingId) }),
  });
}
