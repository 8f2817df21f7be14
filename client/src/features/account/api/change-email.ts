import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailInput } from '@core/schemas/account.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const changeEmail = (input: ChangeEmailInput) => apiRequest<{ message: string }>('POST', '/api/account/email', input);

/** POST /api/account/email: a link goes to the new address; nothing changes until it is opened. */
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
