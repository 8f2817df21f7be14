import { useMutation } from '@tanstack/react-query';
import type { Registration } from '@core/schemas/auth.ts';
import type { RegistrationAnswer } from '@core/schemas/email-verification.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** Registering does not sign in: the server mails a confirmation link (decision 010), and answers the same either way. */
export const register = (input: Registration) => apiRequest<RegistrationAnswer>('POST', '/api/auth/register', input);

export const useRegister = () => useMutation({ mutationFn: register });
