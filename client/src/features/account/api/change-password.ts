import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@core/schemas/account.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const changePassword = (input: ChangePasswordInput) => apiRequest<{ message: string }>('POST', '/api/account/password', input);

/** POST /api/account/password: other devices are signed out, this one stays. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
