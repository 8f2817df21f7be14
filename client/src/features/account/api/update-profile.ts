import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '@core/schemas/account.ts';
import type { User } from '@core/schemas/user.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { userQueryOptions } from './get-user.ts';

export const updateProfile = (input: UpdateProfileInput) => apiRequest<User>('PATCH', '/api/account', input);

/** PATCH /api/account; the answer is the signed-in user, so the header, profile and account record update at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      queryClient.setQueryData(userQueryOptions(user.id).queryKey, user);
    },
  });
}
