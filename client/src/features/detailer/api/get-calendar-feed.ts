import { useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '@core/schemas/calendar.ts';
import { apiGet } from '@/lib/api-client.ts';

export const calendarFeedQueryKey = ['/api/detailer/calendar-feed'] as const;

/** GET /api/detailer/calendar-feed: whether the signed-in detailer has a calendar feed (never its address). */
export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedQueryKey, queryFn: () => apiGet<CalendarFeed>('/api/detailer/calendar-feed') });
}
