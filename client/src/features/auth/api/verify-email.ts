import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailInput } from '@core/schemas/email-verification.ts';
import type { User } from '@core/schemas/user.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';

/** Opens the confirmation link: the address is confirmed and the server starts a session. */
export const verifyEmail = (input: VerifyEmailInput) => apiRequest<User>('POST', '/api/auth/verify-email', input);

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
