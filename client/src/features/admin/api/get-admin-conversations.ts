import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminConversation } from '@core/schemas/message.ts';
import { conversationKeys } from '@/components/messages/api/conversation-keys.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

export type AdminConversationFilters = { bookingId?: number; userId?: number; reported?: boolean };

/** GET /api/admin/conversations?bookingId=&userId=&reported=true: every thread, newest activity first (at most 100). */
export function getAdminConversations({ bookingId, userId, reported }: AdminConversationFilters = {}) {
  const params = new URLSearchParams();
  if (bookingId !== undefined) params.set('bookingId', String(bookingId));
  if (userId !== undefined) params.set('userId', String(userId));
  if (reported) params.set('reported', 'true');
  const query = params.toString();
  return apiGet<AdminConversation[]>(query ? `/api/admin/conversations?${query}` : '/api/admin/conversations');
}

export const adminConversationsQueryOptions = (filters: AdminConversationFilters = {}) =>
  queryOptions({
    queryKey: conversationKeys.admin({ bookingId: filters.bookingId, userId: filters.userId, reported: filters.reported ?? false }),
    queryFn: () => getAdminConversations(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: liveOn('conversation'),
  });

export function useAdminConversations(filters: AdminConversationFilters = {}) {
  return useQuery(adminConversationsQueryOptions(filters));
}
