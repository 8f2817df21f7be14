import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUpdateUserInput } from '@core/schemas/auth.ts';
import type { User } from '@core/schemas/user.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { adminUsersQueryKey } from './get-admin-users.ts';

/** PATCH /api/admin/users/:id: promote, demote, disable or enable an account. */
export const updateAdminUser = ({ userId, ...input }: AdminUpdateUserInput & { userId: number }) =>
  apiRequest<User>('PATCH', `/api/admin/users/${userId}`, input);

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
