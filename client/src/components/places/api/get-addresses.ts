import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '@core/schemas/address.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/addresses: the signed-in customer's saved places, the default first. Shared by /addresses and booking. */
export const listSavedAddresses = () => apiGet<SavedAddress[]>('/api/addresses');

export const savedAddressesQueryKey = ['/api/addresses'] as const;

export const savedAddressesQueryOptions = () => queryOptions({ queryKey: savedAddressesQueryKey, queryFn: listSavedAddresses });

/** Only customers have places: pass `enabled: false` for anyone else (the API would answer 401 or 403). */
export function useSavedAddresses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...savedAddressesQueryOptions(), enabled });
}
