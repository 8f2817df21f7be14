import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationKeys } from '@/components/messages/api/conversation-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/conversations/:id/read `{ lastReadMessageId }`: 204; the server never moves a read mark back. */
export const markConversationRead = ({ conversationId, lastReadMessageId }: { conversationId: number; lastReadMessageId: number }) =>
  apiRequest<void>('POST', `/api/conversations/${conversationId}/read`, { lastReadMessageId });

// The server also marks the thread's message notifications read: the bell's list and count are read again.
const notificationsKey = ['notifications'] as const;

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount() });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
