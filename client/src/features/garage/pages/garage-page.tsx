import { useState } from 'react';
import { Car, Plus } from 'lucide-react';
import { vehicleName } from '@core/domain/vehicles.ts';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ListPage } from '@/components/ui/list-page.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useVehicles } from '@/components/vehicles/api/get-vehicles.ts';
import { VehicleFormDialog } from '@/components/vehicles/vehicle-form-dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useSetDefaultVehicle } from '../api/set-default-vehicle.ts';
import { DeleteVehicleDialog } from '../components/delete-vehicle-dialog.tsx';
import { VehicleListItem } from '../components/vehicle-list-item.tsx';

/** The form's state: closed, adding a car, or editing one. */
type Editing = { vehicle?: Vehicle } | null;

/** /garage and /vehicles: My Cars, the customer's saved cars. */
export default function GaragePage() {
  const vehicles = useVehicles();
  const makeDefault = useSetDefaultVehicle();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const hasCars = vehicles.isSuccess && vehicles.data.length > 0;

  function onMakeDefault(vehicle: Vehicle) {
    makeDefault.mutate(vehicle.id, {
      onSuccess: () => toast({ title: 'Default car set', description: `${vehicleName(vehicle)} is offered first when you book.` }),
      onError: (error) =>
        toast({ title: "Couldn't set the default", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  }

  return (
    <ListPage
      title="My Cars"
      action={
        hasCars && (
          <Button variant="secondary" onClick={() => setEditing({})}>
            <Plus aria-hidden="true" /> Add a car
          </Button>
        )
      }
    >
      {vehicles.isPending ? (
        <LoadingState label="Loading your cars">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </LoadingState>
      ) : vehicles.isError ? (
        <ErrorState message="We couldn't load your cars." onRetry={() => vehicles.refetch()} />
      ) : vehicles.data.length === 0 ? (
        <EmptyState
          icon={<Car />}
          title="No cars yet"
          description="Add your first car and booking a wash takes one tap: we'll fill in its type for you."
          action={
            <Button onClick={() => setEditing({})}>
              <Plus aria-hidden="true" /> Add your first car
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3" aria-label="Your cars">
          {vehicles.data.map((vehicle) => (
            <li key={vehicle.id}>
              <VehicleListItem
                vehicle={vehicle}
                onEdit={() => setEditing({ vehicle })}
                onDelete={() => setDeleting(vehicle)}
                onMakeDefault={() => onMakeDefault(vehicle)}
                isMakingDefault={makeDefault.isPending}
              />
            </li>
          ))}
        </ul>
      )}

      <VehicleFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} vehicle={editing?.vehicle} />
      <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} />
    </ListPage>
  );
}
