import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleUpdate } from '@core/schemas/vehicle.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { vehiclesQueryKey } from './get-vehicles.ts';

/** PATCH /api/vehicles/:id: only the fields sent change. */
export const updateVehicle = ({ id, ...input }: VehicleUpdate & { id: number }) =>
  apiRequest<Vehicle>('PATCH', `/api/vehicles/${id}`, input);

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey }),
  });
}
