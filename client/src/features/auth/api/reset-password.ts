import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@core/schemas/auth.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const resetPassword = (input: ResetPasswordInput) => apiRequest<{ message: string }>('POST', '/api/auth/reset-password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
