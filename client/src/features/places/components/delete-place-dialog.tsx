import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { SavedAddress } from '@core/schemas/address.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useDeleteAddress } from '../api/delete-address.ts';

/** Delete, confirmed first; deleting the default says which place takes over (the newest one left). */
export function DeletePlaceDialog({ place }: { place: SavedAddress }) {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteAddress();

  function confirm() {
    remove.mutate(place.id, {
      onSuccess: () => {
        setIsOpen(false);
        toast({ title: 'Place deleted', description: `${place.label} was removed from your places.` });
      },
      onError: (error) =>
        toast({ title: "Couldn't delete the place", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete ${place.label}`}>
          <Trash2 aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Delete {place.label}?</DialogTitle>
        <DialogDescription>
          {place.address}, {place.city} will no longer be offered when you book.
          {place.isDefault && ' Your newest other place becomes the default.'} Bookings already made keep their address.
        </DialogDescription>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={remove.isPending}>
            Keep place
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete place'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
