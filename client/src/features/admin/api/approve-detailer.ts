import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DetailerApproval } from '@core/schemas/onboarding.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { adminUsersQueryKey } from './get-admin-users.ts';

/** POST /api/admin/detailers/:id/approve: lists a detailer who finished their setup (decision 021). */
export const approveDetailer = (detailerId: number) => apiRequest<DetailerApproval>('POST', `/api/admin/detailers/${detailerId}/approve`);

export function useApproveDetailer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDetailer,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        // The approved detailer appears in the catalog's lists.
        queryClient.invalidateQueries({ queryKey: ['/api/detailers'] }),
      ]),
  });
}
