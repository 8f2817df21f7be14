import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitOptions, VisitSchedule } from '@core/schemas/membership-visits.ts';
import { apiGet } from '@/lib/api-client.ts';

/** Every query of a membership's visits starts with this key; any change to the rhythm or a visit invalidates it. */
export const visitsQueryKey = (membershipId: number) => ['memberships', membershipId, 'visits'] as const;

/** GET /api/memberships/:id/visits: the rhythm, the visits left this period and the visits coming up. */
export const getVisitSchedule = (membershipId: number) => apiGet<VisitSchedule>(`/api/memberships/${membershipId}/visits`);

export const visitScheduleQueryOptions = (membershipId: number) =>
  queryOptions({ queryKey: visitsQueryKey(membershipId), queryFn: () => getVisitSchedule(membershipId) });

export function useVisitSchedule(membershipId: number) {
  return useQuery(visitScheduleQueryOptions(membershipId));
}

/** GET /api/memberships/:id/visit-options: covered services, their detailers, the member's cars and addresses. */
export const getVisitOptions = (membershipId: number) => apiGet<VisitOptions>(`/api/memberships/${membershipId}/visit-options`);

export function useVisitOptions(membershipId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: [...visitsQueryKey(membershipId), 'options'], queryFn: () => getVisitOptions(membershipId), enabled });
}
