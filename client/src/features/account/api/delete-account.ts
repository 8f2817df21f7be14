import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@core/schemas/account.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { storageKeys } from '@/lib/storage-keys.ts';

export const deleteAccount = (input: DeleteAccountInput) => apiRequest<void>('DELETE', '/api/account', input);

/** DELETE /api/account; once it is done, the browser forgets the user as signing out does. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      localStorage.removeItem(storageKeys.demoUser);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}
