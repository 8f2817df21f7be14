import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, UpdateSavedAddressInput } from '@core/schemas/address.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { savedAddressesQueryKey } from '@/components/places/api/get-addresses.ts';

/** PATCH /api/addresses/:id: an empty apt or access notes clears it. */
export const updateAddress = ({ id, ...change }: UpdateSavedAddressInput & { id: number }) =>
  apiRequest<SavedAddress>('PATCH', `/api/addresses/${id}`, change);

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
