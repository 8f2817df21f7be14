import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { savedAddressesQueryKey } from '@/components/places/api/get-addresses.ts';

/** DELETE /api/addresses/:id: when it was the default, the newest place left becomes the default. */
export const deleteAddress = (id: number) => apiRequest<{ deleted: true }>('DELETE', `/api/addresses/${id}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
