import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressInput } from '@core/schemas/address.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { savedAddressesQueryKey } from '@/components/places/api/get-addresses.ts';

/** POST /api/addresses: the first place becomes the default. */
export const createAddress = (input: SavedAddressInput) => apiRequest<SavedAddress>('POST', '/api/addresses', input);

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
