import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Registration } from '@core/schemas/auth.ts';
import type { User } from '@core/schemas/user.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

/** Registering also signs in: the server answers with the user and a session cookie. */
export const register = (input: Registration) => apiRequest<User>('POST', '/api/auth/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
