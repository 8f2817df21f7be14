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
