import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@core/schemas/auth.ts';
import type { User } from '@core/schemas/user.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';

export const login = (input: LoginInput) => apiRequest<User>('POST', '/api/auth/login', input);

/** Email sign-in; the cached current user is refetched so the shell follows the new role at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
