import { useState } from 'react';
import { vehicleName } from '@core/domain/vehicles.ts';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useDeleteVehicle } from '../api/delete-vehicle.ts';

/** Asks before a car leaves My Cars; bookings made with it keep its details. */
export function DeleteVehicleDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const remove = useDeleteVehicle();
  // The car last asked about stays named while the dialog fades out.
  const [shown, setShown] = useState(vehicle);
  if (vehicle && vehicle !== shown) setShown(vehicle);
  const name = shown ? vehicleName(shown) : '';
  return (
    <Dialog open={vehicle !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Delete {name}?</DialogTitle>
        <DialogDescription>
          It leaves My Cars{shown?.isDefault ? ', and your newest other car becomes the default' : ''}. Bookings made with it keep its
          details.
        </DialogDescription>
        <div className="mt-6 grid gap-2">
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              vehicle &&
              remove.mutate(vehicle.id, {
                onSuccess: () => {
                  toast({ title: 'Car deleted', description: `${name} was removed from My Cars.` });
                  onClose();
                },
                onError: (error) =>
                  toast({
                    title: "Couldn't delete the car",
                    description: errorMessage(error, 'Please try again.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete car'}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Keep it
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
