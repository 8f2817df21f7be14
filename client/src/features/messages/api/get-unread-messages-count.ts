import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadMessagesCount } from '@core/schemas/message.ts';
import { conversationKeys } from '@/components/messages/api/conversation-keys.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/conversations/unread-count: messages from others after the caller's read marks, all threads. */
export const getUnreadMessagesCount = async () => (await apiGet<UnreadMessagesCount>('/api/conversations/unread-count')).count;

export const unreadMessagesCountQueryOptions = () =>
  queryOptions({ queryKey: conversationKeys.unreadCount(), queryFn: getUnreadMessagesCount, meta: liveOn('conversation') });

/** The bottom nav's Messages badge; asks nothing for a visitor. */
export function useUnreadMessagesCount(isSignedIn: boolean) {
  return useQuery({ ...unreadMessagesCountQueryOptions(), enabled: isSignedIn });
}
