import { useCallback, useState } from 'react';
import { detectDeviceName } from '@core/domain/device-name.ts';
import { toast } from '@/lib/toast.ts';
import { registerDeviceToken } from '../api/register-device-token.ts';

/** Spec section 4: loading, then unsupported, default, granted or denied. */
export type NotificationPermissionState = 'loading' | 'unsupported' | NotificationPermission;

// Closing the prompt hides it for the browser session (spec section 4).
const dismissedKey = 'notificationPromptDismissed';
// This browser's device id for push registration; a Web Push subscription replaces it once VAPID keys exist.
const deviceTokenKey = 'notificationDeviceToken';

export function readNotificationPermission(): NotificationPermissionState {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission;
}

function deviceToken(): string {
  let token = localStorage.getItem(deviceTokenKey);
  if (!token) {
    token = `web-${crypto.randomUUID()}`;
    localStorage.setItem(deviceTokenKey, token);
  }
  return token;
}

export function useNotificationPermission(userId: number) {
  const [permission, setPermission] = useState<NotificationPermissionState>(readNotificationPermission);
  const [isDismissed, setIsDismissed] = useState(() => sessionStorage.getItem(dismissedKey) === 'true');

  const dismiss = useCallback(() => {
    sessionStorage.setItem(dismissedKey, 'true');
    setIsDismissed(true);
  }, []);

  const request = useCallback(async () => {
    let result: NotificationPermission;
    try {
      result = await window.Notification.requestPermission();
    } catch {
      toast({ title: 'Permission Error', description: 'Failed to request notification permission.', variant: 'destructive' });
      return;
    }
    setPermission(result);
    if (result === 'denied') {
      toast({ title: 'Notifications blocked', description: 'You have blocked notifications. You can enable them in your browser settings.' });
      return;
    }
    if (result !== 'granted') return;
    try {
      await registerDeviceToken({
        userId,
        token: deviceToken(),
        deviceType: 'web',
        deviceName: detectDeviceName(navigator.userAgent),
        isActive: true,
      });
      toast({ title: 'Notifications enabled', description: 'You will now receive notifications from the app.' });
    } catch {
      toast({ title: 'Permission Error', description: 'There was an error requesting notification permission.', variant: 'destructive' });
    }
  }, [userId]);

  return { permission, shouldOffer: permission === 'default' && !isDismissed, dismiss, request };
}
