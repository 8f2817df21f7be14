import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, ResolveClaimInput } from '@core/schemas/claim.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';
import { adminClaimsQueryKey } from './get-admin-claims.ts';

/** POST /api/admin/claims/:id/resolve: with refundCents, refunds through the booking's refund (at most what is left). */
export const resolveClaim = ({ claimId, ...input }: ResolveClaimInput & { claimId: number }) =>
  apiRequest<Claim>('POST', `/api/admin/claims/${claimId}/resolve`, input);

export function useResolveClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveClaim,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminClaimsQueryKey });
      await queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
