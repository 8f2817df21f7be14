/** Every local-storage key the app uses, with the spec's names. */
export const storageKeys = {
  demoUser: 'demo-user',
  pendingBooking: 'pendingBooking',
  shownHelpBubbles: 'shownHelpBubbles',
  tourCompleted: (tourId: string) => `tour-completed:${tourId}`,
  /** Spec section 4, set by the stuck-modal closer (and when the permission prompt is answered). */
  notificationPermissionAsked: 'notificationPermissionAsked',
  notificationPreferencesSet: 'notificationPreferencesSet',
  /** This browser's device token when it has no Web Push subscription (no VAPID key on the server). */
  notificationDeviceToken: 'notificationDeviceToken',
} as const;

/** Session-storage keys: forgotten when the browser session ends. */
export const sessionStorageKeys = {
  /** Set when the notification permission prompt is closed: it stays hidden for the session (spec section 4). */
  notificationPromptDismissed: 'notificationPromptDismissed',
} as const;
