import { Pencil, Star, Trash2 } from 'lucide-react';
import { vehicleDescription, vehicleName } from '@core/domain/vehicles.ts';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { VehiclePhoto } from '@/components/vehicles/vehicle-photo.tsx';

export interface VehicleListItemProps {
  vehicle: Vehicle;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  isMakingDefault: boolean;
}

/** One car of My Cars: photo, name, type, colour, plate, the Default badge, and what can be done with it. */
export function VehicleListItem({ vehicle, onEdit, onDelete, onMakeDefault, isMakingDefault }: VehicleListItemProps) {
  const name = vehicleName(vehicle);
  const facts = [vehicle.vehicleType, vehicle.color, vehicle.licensePlate].filter(Boolean);
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start gap-3">
        <VehiclePhoto photoUrl={vehicle.photoUrl} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate font-semibold text-neutral-900">{name}</h2>
            {vehicle.isDefault && <Badge variant="brand">Default</Badge>}
          </div>
          {vehicle.nickname && <p className="text-sm text-neutral-700">{vehicleDescription(vehicle)}</p>}
          <p className="text-sm text-neutral-600">{facts.join(' · ')}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {!vehicle.isDefault && (
          <Button variant="secondary" size="sm" className="mr-auto min-h-11" onClick={onMakeDefault} disabled={isMakingDefault}>
            {/* The name read aloud starts with the visible words (axe: label-content-name-mismatch). */}
            <Star aria-hidden="true" /> Set as default<span className="sr-only">: {name}</span>
          </Button>
        )}
        <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${name}`}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${name}`}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}
