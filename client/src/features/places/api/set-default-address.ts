import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress } from '@core/schemas/address.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { savedAddressesQueryKey } from '@/components/places/api/get-addresses.ts';

/** POST /api/addresses/:id/default: the one place booking starts from. */
export const setDefaultAddress = (id: number) => apiRequest<SavedAddress>('POST', `/api/addresses/${id}/default`);

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
