import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleInput } from '@core/schemas/vehicle.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { vehiclesQueryKey } from './get-vehicles.ts';

/** POST /api/vehicles: 201 with the car; the customer's first car is the default. */
export const createVehicle = (input: VehicleInput) => apiRequest<Vehicle>('POST', '/api/vehicles', input);

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey }),
  });
}
