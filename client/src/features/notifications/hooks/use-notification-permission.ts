import { useCallback, useEffect, useState } from 'react';
import { detectDeviceName } from '@core/domain/device-name.ts';
import { sessionStorageKeys, storageKeys } from '@/lib/storage-keys.ts';
import { toast } from '@/lib/toast.ts';
import { registerDeviceToken } from '../api/register-device-token.ts';
import { webPushDeviceToken } from '../push-subscription.ts';

/** Spec section 4: loading, then unsupported, default, granted or denied. */
export type NotificationPermissionState = 'loading' | 'unsupported' | NotificationPermission;

// Registered once per browser session when permission was granted earlier: a new subscription reaches the server.
const refreshedKey = 'notificationDeviceRefreshed';

export function readNotificationPermission(): NotificationPermissionState {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission;
}

export function isPromptDismissed(): boolean {
  // A page drawn on the server offers no prompt (readNotificationPermission: 'unsupported').
  if (typeof sessionStorage === 'undefined') return true;
  return sessionStorage.getItem(sessionStorageKeys.notificationPromptDismissed) === 'true';
}

function plainDeviceId(): string {
  let token = localStorage.getItem(storageKeys.notificationDeviceToken);
  if (!token) {
    token = `web-${crypto.randomUUID()}`;
    localStorage.setItem(storageKeys.notificationDeviceToken, token);
  }
  return token;
}

/** Registers this browser: its Web Push subscription when the server has a VAPID key, else a plain device id. */
async function registerThisDevice(userId: number) {
  const token = (await webPushDeviceToken().catch(() => null)) ?? plainDeviceId();
  await registerDeviceToken({ userId, token, deviceType: 'web', deviceName: detectDeviceName(navigator.userAgent), isActive: true });
}

export function useNotificationPermission(userId: number) {
  const [permission, setPermission] = useState<NotificationPermissionState>(readNotificationPermission);
  const [isDismissed, setIsDismissed] = useState(isPromptDismissed);

  // Permission granted in an earlier visit: make sure the server has this browser's current subscription.
  useEffect(() => {
    if (permission !== 'granted' || sessionStorage.getItem(refreshedKey) === String(userId)) return;
    sessionStorage.setItem(refreshedKey, String(userId));
    registerThisDevice(userId).catch(() => sessionStorage.removeItem(refreshedKey));
  }, [permission, userId]);

  const dismiss = useCallback(() => {
    sessionStorage.setItem(sessionStorageKeys.notificationPromptDismissed, 'true');
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
    localStorage.setItem(storageKeys.notificationPermissionAsked, 'true');
    setPermission(result);
    if (result === 'denied') {
      toast({
        title: 'Notifications blocked',
        description: 'You have blocked notifications. You can enable them in your browser settings.',
      });
      return;
    }
    if (result !== 'granted') return;
    try {
      sessionStorage.setItem(refreshedKey, String(userId));
      await registerThisDevice(userId);
      toast({ title: 'Notifications enabled', description: 'You will now receive notifications from the app.' });
    } catch {
      toast({ title: 'Permission Error', description: 'There was an error requesting notification permission.', variant: 'destructive' });
    }
  }, [userId]);

  return { permission, shouldOffer: permission === 'default' && !isDismissed, dismiss, request };
}
