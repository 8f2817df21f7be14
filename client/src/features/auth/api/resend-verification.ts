import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@core/schemas/auth.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** A new confirmation link; the server answers the same whatever the address. */
export const resendVerification = (input: ForgotPasswordInput) =>
  apiRequest<{ message: string }>('POST', '/api/auth/resend-verification', input);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
