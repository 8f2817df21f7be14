import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@core/schemas/auth.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** The server answers the same way whether or not the account exists. */
export const forgotPassword = (input: ForgotPasswordInput) => apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
