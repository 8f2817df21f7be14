import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnService } from '@core/schemas/own-service.ts';
import { apiGet } from '@/lib/api-client.ts';
import { ownServicesQueryKey } from './get-own-services.ts';

/** GET /api/detailer/services/:id: one of the detailer's services, for the editor; 404 when it is not theirs. */
export const getOwnService = (id: number) => apiGet<OwnService>(`/api/detailer/services/${id}`);

export const ownServiceQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ownServicesQueryKey, id], queryFn: () => getOwnService(id) });

export const useOwnService = (id: number | null) => useQuery({ ...ownServiceQueryOptions(id ?? 0), enabled: id !== null });
