import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@core/schemas/calendar.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { calendarFeedQueryKey } from './get-calendar-feed.ts';

/** POST /api/detailer/calendar-feed: a new feed address (any former one stops working); the answer is the only copy. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('POST', '/api/detailer/calendar-feed'),
    onSuccess: (feed) =>
      queryClient.setQueryData(calendarFeedQueryKey, { isSet: feed.isSet, createdAt: feed.createdAt, lastFetchedAt: feed.lastFetchedAt }),
  });
}
