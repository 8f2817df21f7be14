import { useState } from 'react';
import type { OwnService } from '@core/schemas/own-service.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useDeleteOwnService } from '../api/delete-own-service.ts';
import { usePauseOwnService } from '../api/pause-own-service.ts';

/**
 * Asks before a service goes. The server decides: with bookings still to come it refuses (its message shows here,
 * with Pause offered instead); with past bookings it archives the service; never booked, it removes it.
 */
export function DeleteServiceDialog({ service, onClose }: { service: OwnService | null; onClose: () => void }) {
  const remove = useDeleteOwnService();
  const pause = usePauseOwnService();
  // The service last asked about stays named while the dialog fades out.
  const [shown, setShown] = useState(service);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (service && service !== shown) {
    setShown(service);
    setRefusal(null);
  }
  const name = shown?.name ?? '';
  const isPaused = shown?.pausedAt != null;

  function confirm() {
    if (!service) return;
    remove.mutate(service.id, {
      onSuccess: (result) => {
        toast({
          title: 'Service deleted',
          description:
            result.outcome === 'archived' ? `${name} is gone from your list; its past bookings keep it.` : `${name} was removed.`,
        });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setRefusal(errorMessage(error, 'This service cannot be deleted now.'));
        else toast({ title: "Couldn't delete the service", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  }

  function pauseInstead() {
    if (!service) return;
    pause.mutate(service.id, {
      onSuccess: () => {
        toast({ title: 'Service paused', description: `Customers can't book ${name} until you resume it.` });
        onClose();
      },
      onError: (error) =>
        toast({ title: "Couldn't pause the service", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  }

  return (
    <Dialog open={service !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Delete {name}?</DialogTitle>
        <DialogDescription>
          {shown?.hasBookings
            ? 'It has past bookings, so it is archived: gone from your list and the catalog, still shown on those bookings.'
            : 'It leaves your list and the catalog for good.'}
        </DialogDescription>
        {refusal && (
          <p role="alert" className="mt-4 rounded-control bg-danger-50 p-3 text-sm text-danger-800">
            {refusal}
          </p>
        )}
        <div className="mt-6 grid gap-2">
          {refusal ? (
            !isPaused && (
              <Button onClick={pauseInstead} disabled={pause.isPending}>
                {pause.isPending ? 'Pausing...' : 'Pause instead'}
              </Button>
            )
          ) : (
            <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete service'}
            </Button>
          )}
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending || pause.isPending}>
            Keep it
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
