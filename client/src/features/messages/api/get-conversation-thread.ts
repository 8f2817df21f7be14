import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ConversationThread, Message } from '@core/schemas/message.ts';
import { conversationKeys } from '@/components/messages/api/conversation-keys.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/conversations/:id?before=: 50 messages a page, oldest first; `before` pages back in time. */
export const getConversationThread = (conversationId: number, before: number | null = null) =>
  apiGet<ConversationThread>(`/api/conversations/${conversationId}${before === null ? '' : `?before=${before}`}`);

/**
 * Page 0 is the newest; each further page holds the messages before the oldest one loaded. The first page's param is
 * null, not undefined: a page the server drew travels to the browser as JSON, where undefined becomes null, and the
 * app's refetch of the drawn thread then asked `?before=null` (400) on every link opened as a first page.
 */
export const conversationThreadQueryOptions = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.thread(conversationId),
    queryFn: ({ pageParam }) => getConversationThread(conversationId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.id : undefined),
    staleTime: 0,
    meta: liveOn('conversation'),
  });

export function useConversationThread(conversationId: number) {
  return useInfiniteQuery(conversationThreadQueryOptions(conversationId));
}

export type ThreadData = InfiniteData<ConversationThread, unknown>;

/** Every loaded message, oldest first. */
export const threadMessages = (data: Pick<ThreadData, 'pages'>): Message[] => [...data.pages].reverse().flatMap((page) => page.messages);

/** The thread with `message` added to its newest page, unless it is there already (a retry, or the live refetch won). */
export function withMessage(data: ThreadData | undefined, message: Message): ThreadData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
}
