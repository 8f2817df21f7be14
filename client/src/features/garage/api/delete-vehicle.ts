import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { vehiclesQueryKey } from '@/components/vehicles/api/get-vehicles.ts';

/** DELETE /api/vehicles/:id: when the default goes, the newest car left becomes the default. */
export const deleteVehicle = (id: number) => apiRequest<{ deleted: true }>('DELETE', `/api/vehicles/${id}`);

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey }),
  });
}
