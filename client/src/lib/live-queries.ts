import type { QueryClient } from '@tanstack/react-query';
import type { LiveTopic } from '@core/schemas/live-change.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { liveTopics?: readonly LiveTopic[] };
  }
}

/**
 * The meta of a query that shows something the live stream reports on: `meta: liveOn('booking')`. When the
 * server says a booking changed (server/notifications/realtime-plugin.ts, `event: change`), every query that
 * declared the topic is invalidated, so each open screen refetches through its own API read. A new view of a
 * booking declares the topic and is live; nothing else to wire.
 */
export const liveOn = (...topics: LiveTopic[]) => ({ liveTopics: topics });

/**
 * Invalidates the queries that declared `topic` (every live query when no topic is given: after a reconnect), or
 * only those whose data is not newer than `fetchedBefore` (when the stream first opens: what was read before it
 * listened may have missed a change).
 */
export function invalidateLiveQueries(queryClient: QueryClient, topic?: LiveTopic, fetchedBefore?: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const topics = query.meta?.liveTopics;
      if (!topics) return false;
      if (fetchedBefore !== undefined && query.state.dataUpdatedAt > fetchedBefore) return false;
      return topic === undefined || topics.includes(topic);
    },
  });
}

/**
 * When this page's HTML began to arrive, on the browser's clock: the server had drawn the page and read its answers by
 * then (decision 025). Where navigation timing is missing, when the page load began.
 */
const pageArrivedAt =
  typeof performance === 'undefined'
    ? 0
    : performance.timeOrigin +
      ((performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseStart ?? 0);

/**
 * `refetchOnMount` for a live query read with `staleTime: 0`: read again on every mount, except the first mount of
 * an answer the page was drawn with (decision 053). The stream's first open reads that one again anyway
 * (`useNotificationStream`: every live query answered before it listened), so reading it on mount too fetched and
 * rendered it twice while the page started. An answer from before the page arrived is one the server drew with; a
 * phone's clock behind the server's only makes it read again, as before.
 */
export const unlessDrawnWithThePage = (query: { state: { dataUpdatedAt: number } }): boolean => query.state.dataUpdatedAt >= pageArrivedAt;
