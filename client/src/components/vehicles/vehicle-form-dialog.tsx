import type { Vehicle } from '@core/schemas/vehicle.ts';
import { lazyDialog } from '@/components/ui/lazy-dialog.tsx';

export interface VehicleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The car to edit; none to add one. */
  vehicle?: Vehicle;
  /** Called with the car as the server saved it, before the dialog closes. */
  onSaved?: (vehicle: Vehicle) => void;
}

/**
 * Add or edit a car (My Cars, and 'Add a car' in booking step 1): one form, the server's own contract. Its form and
 * the makes and models it offers load when it first opens.
 */
export const VehicleFormDialog = lazyDialog<VehicleFormDialogProps>(() => import('./vehicle-form-dialog-content.tsx'));
