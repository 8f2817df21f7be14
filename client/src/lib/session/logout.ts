import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { storageKeys } from '@/lib/storage-keys.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export const logout = () => apiRequest<void>('POST', '/api/auth/logout');

/** Ends the session on the server, then forgets everything this browser knew about the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      localStorage.removeItem(storageKeys.demoUser);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
