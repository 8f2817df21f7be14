import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailChangeInput, EmailChangeAnswer } from '@core/schemas/account.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';

export const confirmEmailChange = (input: ConfirmEmailChangeInput) =>
  apiRequest<EmailChangeAnswer>('POST', '/api/account/email/confirm', input);

/** The emailed link's request; whoever is signed in here is asked again (the email changed, other sessions ended). */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
