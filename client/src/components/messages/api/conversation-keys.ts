/** Query keys of the messages API, general to specific: invalidating `all` refreshes every list, thread and count. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => [...conversationKeys.all, 'list'] as const,
  unreadCount: () => [...conversationKeys.all, 'unread-count'] as const,
  thread: (conversationId: number) => [...conversationKeys.all, 'thread', conversationId] as const,
  admin: (filters: { bookingId?: number; userId?: number; reported?: boolean }) => [...conversationKeys.all, 'admin', filters] as const,
};
