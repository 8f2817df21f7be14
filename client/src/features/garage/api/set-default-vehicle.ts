import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { vehiclesQueryKey } from '@/components/vehicles/api/get-vehicles.ts';

/** POST /api/vehicles/:id/default: this car becomes the one booking step 1 offers first. */
export const setDefaultVehicle = (id: number) => apiRequest<Vehicle>('POST', `/api/vehicles/${id}/default`);

export function useSetDefaultVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey }),
  });
}
