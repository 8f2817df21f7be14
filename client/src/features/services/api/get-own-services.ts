import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnService } from '@core/schemas/own-service.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/detailer/services: the signed-in detailer's own services, by name, paused ones included. */
export const getOwnServices = () => apiGet<OwnService[]>('/api/detailer/services');

/** Every own-service query starts with this key; a change to any service invalidates it. */
export const ownServicesQueryKey = ['detailer-services'] as const;

export const ownServicesQueryOptions = () =>
  // Live on bookings: a new or cancelled booking changes a service's upcoming count (and whether it can be deleted).
  queryOptions({ queryKey: ownServicesQueryKey, queryFn: getOwnServices, meta: liveOn('booking') });

export const useOwnServices = () => useQuery(ownServicesQueryOptions());
