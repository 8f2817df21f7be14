import { Pencil, Star } from 'lucide-react';
import type { SavedAddress } from '@core/schemas/address.ts';
import { PlaceLabelIcon, placeLines } from '@/components/places/place-label-icon.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useSetDefaultAddress } from '../api/set-default-address.ts';
import { DeletePlaceDialog } from './delete-place-dialog.tsx';

/** One saved place: its label and icon, the address lines, the access notes, and what can be done with it. */
export function PlaceCard({ place, onEdit }: { place: SavedAddress; onEdit: () => void }) {
  const setDefault = useSetDefaultAddress();
  const [street, town] = placeLines(place);

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start gap-3">
        <div aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-control bg-brand-50 text-brand-700">
          <PlaceLabelIcon label={place.label} className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold text-neutral-900">
            <span className="break-words">{place.label}</span> {place.isDefault && <Badge variant="brand">Default</Badge>}
          </h2>
          <p className="text-sm break-words text-neutral-700">{street}</p>
          <p className="text-sm text-neutral-700">{town}</p>
        </div>
        <Button variant="ghost" size="icon" aria-label={`Edit ${place.label}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <DeletePlaceDialog place={place} />
      </div>
      {place.accessNotes && (
        <p className="rounded-control bg-neutral-50 p-3 text-sm break-words whitespace-pre-line text-neutral-700">
          <span className="font-medium text-neutral-900">Access notes: </span>
          {place.accessNotes}
        </p>
      )}
      {!place.isDefault && (
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-start"
          disabled={setDefault.isPending}
          onClick={() =>
            setDefault.mutate(place.id, {
              onSuccess: () => toast({ title: 'Default place changed', description: `Booking now starts at ${place.label}.` }),
              onError: (error) =>
                toast({
                  title: "Couldn't change the default",
                  description: errorMessage(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            })
          }
        >
          {/* The name read aloud starts with the visible words (axe: label-content-name-mismatch). */}
          <Star aria-hidden="true" /> Make default<span className="sr-only">: {place.label}</span>
        </Button>
      )}
    </Card>
  );
}
