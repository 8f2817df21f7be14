import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailerWithServices } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

export const getDetailer = (id: number) => apiGet<DetailerWithServices>(`/api/detailers/${id}`);

export const detailerQueryOptions = (id: number) => queryOptions({ queryKey: ['/api/detailers', id], queryFn: () => getDetailer(id) });

/** A detailer with the services they offer; disabled (never fetched) for an id that is not a number. */
export const useDetailer = (id: number | null) => useQuery({ ...detailerQueryOptions(id ?? 0), enabled: id !== null });
