/** Query keys from general to specific: invalidating `all` refreshes the list and the count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'count', { unreadOnly: true }] as const,
};
