import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@core/domain/roles.ts';
import type { User } from '@core/schemas/user.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { storageKeys } from '@/lib/storage-keys.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';

export const demoLogin = (role: Role) => apiRequest<User>('POST', '/api/auth/demo-login', { role });

/** One-click sign-in as a seeded demo account; the spec's client keeps a copy under `demo-user`. */
export function useDemoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoLogin,
    onSuccess: (user) => {
      localStorage.setItem(storageKeys.demoUser, JSON.stringify(user));
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
