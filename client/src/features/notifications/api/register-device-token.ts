import { useMutation } from '@tanstack/react-query';
import type { DeviceToken, DeviceTokenInput } from '@core/schemas/notification.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/device-tokens {userId, token, deviceType, deviceName, isActive} (spec section 7). */
export const registerDeviceToken = (input: DeviceTokenInput) => apiRequest<DeviceToken>('POST', '/api/device-tokens', input);

export function useRegisterDeviceToken() {
  return useMutation({ mutationFn: registerDeviceToken });
}
