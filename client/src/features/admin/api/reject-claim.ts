import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, RejectClaimInput } from '@core/schemas/claim.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { adminClaimsQueryKey } from './get-admin-claims.ts';

/** POST /api/admin/claims/:id/reject: closed without money, the note goes to the customer. */
export const rejectClaim = ({ claimId, ...input }: RejectClaimInput & { claimId: number }) =>
  apiRequest<Claim>('POST', `/api/admin/claims/${claimId}/reject`, input);

export function useRejectClaim() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectClaim, onSettled: () => queryClient.invalidateQueries({ queryKey: adminClaimsQueryKey }) });
}
