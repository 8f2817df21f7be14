import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/vehicles: the signed-in customer's cars, the default first, then the newest. */
export const getVehicles = () => apiGet<Vehicle[]>('/api/vehicles');

/** Every car query starts with this key; a change to any car invalidates it. */
export const vehiclesQueryKey = ['vehicles'] as const;

export const vehiclesQueryOptions = () => queryOptions({ queryKey: vehiclesQueryKey, queryFn: getVehicles });

/** The customer's cars; pass `enabled: false` for a visitor or another role (the API answers them 401/403). */
export function useVehicles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vehiclesQueryOptions(), enabled });
}
