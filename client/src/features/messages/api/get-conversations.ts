import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@core/schemas/message.ts';
import { conversationKeys } from '@/components/messages/api/conversation-keys.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/conversations: the caller's threads, newest activity first. */
export const getConversations = () => apiGet<ConversationSummary[]>('/api/conversations');

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.list(),
    queryFn: getConversations,
    staleTime: 0,
    meta: liveOn('conversation'),
  });

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}
