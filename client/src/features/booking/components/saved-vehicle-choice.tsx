import { useEffect, useId, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { vehicleDescription, vehicleName } from '@core/domain/vehicles.ts';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useVehicles } from '@/components/vehicles/api/get-vehicles.ts';
import { VehicleFormDialog } from '@/components/vehicles/vehicle-form-dialog.tsx';
import { VehiclePhoto } from '@/components/vehicles/vehicle-photo.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { cn } from '@/lib/cn.ts';

type Props = {
  vehicles: Vehicle[];
  /** The chosen car's id, or null for none (a type chosen by hand). */
  value: number | null;
  onChange: (vehicle: Vehicle) => void;
  onAdd: () => void;
};

/** Step 1's saved cars (My Cars) as radio cards, the default first, and 'Add a car'. */
export function SavedVehicleChoice({ vehicles, value, onChange, onAdd }: Props) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <p id={`${id}-legend`} className="text-sm font-medium text-neutral-800">
        Your cars
      </p>
      {vehicles.length > 0 && (
        <RadioGroup
          aria-labelledby={`${id}-legend`}
          value={value === null ? '' : String(value)}
          onValueChange={(chosen) => {
            const vehicle = vehicles.find((car) => String(car.id) === chosen);
            if (vehicle) onChange(vehicle);
          }}
        >
          {vehicles.map((vehicle) => (
            <Label
              key={vehicle.id}
              htmlFor={`${id}-${vehicle.id}`}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-neutral-200 p-3 font-normal text-neutral-800',
                value === vehicle.id && 'border-brand-600 bg-brand-50',
              )}
            >
              <RadioGroupItem id={`${id}-${vehicle.id}`} value={String(vehicle.id)} />
              <VehiclePhoto photoUrl={vehicle.photoUrl} className="size-11" />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex flex-wrap items-center gap-2 font-medium text-neutral-900">
                  {vehicleName(vehicle)}
                  {vehicle.isDefault && <Badge variant="brand">Default</Badge>}
                </span>
                <span className="text-sm text-neutral-600">
                  {[vehicle.nickname ? vehicleDescription(vehicle) : null, vehicle.vehicleType, vehicle.color].filter(Boolean).join(' · ')}
                </span>
              </span>
            </Label>
          ))}
        </RadioGroup>
      )}
      <Button type="button" variant="secondary" className="justify-self-start" onClick={onAdd}>
        <Plus aria-hidden="true" /> Add a car
      </Button>
    </div>
  );
}

export interface SavedVehiclesFieldProps {
  /** The chosen car's id, or null. */
  selectedId: number | null;
  /** Whether a vehicle type is already chosen (a restored draft): then no car is preselected. */
  hasVehicleType: boolean;
  /** A car chosen (its type goes into the Vehicle Type dropdown), or null when the chosen one is gone. */
  onChoose: (vehicle: Vehicle | null) => void;
}

/**
 * A signed-in customer's cars in step 1: the default preselected on a fresh draft, and 'Add a car' opening the My Cars
 * form (the new car is chosen). Nothing for visitors and other roles: they choose the type only.
 */
export function SavedVehiclesField({ selectedId, hasVehicleType, onChoose }: SavedVehiclesFieldProps) {
  const { user } = useCurrentUser();
  const isCustomer = user?.role === 'customer';
  const vehicles = useVehicles({ enabled: isCustomer });
  const [isAdding, setIsAdding] = useState(false);
  const settled = useRef(false);

  // Once, when the cars first arrive: preselect the default, or drop a chosen car that is gone.
  useEffect(() => {
    if (settled.current || !vehicles.data) return;
    settled.current = true;
    if (selectedId !== null) {
      if (!vehicles.data.some((car) => car.id === selectedId)) onChoose(null);
      return;
    }
    if (hasVehicleType || vehicles.data.length === 0) return;
    onChoose(vehicles.data.find((car) => car.isDefault) ?? vehicles.data[0]!);
  }, [vehicles.data, selectedId, hasVehicleType, onChoose]);

  if (!isCustomer) return null;
  if (vehicles.isPending) return <Skeleton className="h-20" aria-hidden />;
  // Without the list, the dropdown alone still books.
  if (vehicles.isError) return null;
  return (
    <>
      <SavedVehicleChoice vehicles={vehicles.data} value={selectedId} onChange={onChoose} onAdd={() => setIsAdding(true)} />
      <VehicleFormDialog open={isAdding} onOpenChange={setIsAdding} onSaved={onChoose} />
    </>
  );
}
