import { useState } from 'react';
import { MapPin, Plus } from 'lucide-react';
import type { SavedAddress } from '@core/schemas/address.ts';
import { useSavedAddresses } from '@/components/places/api/get-addresses.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ListPage } from '@/components/ui/list-page.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { PlaceCard } from '../components/place-card.tsx';
import { PlaceFormDialog } from '../components/place-form-dialog.tsx';

/** What the form dialog shows: closed, a new place, or one being edited. */
type Editing = { isOpen: false } | { isOpen: true; place?: SavedAddress };

/** /addresses: the customer's saved places; the default one starts every booking's step 2. */
export default function AddressesPage() {
  const places = useSavedAddresses();
  const [editing, setEditing] = useState<Editing>({ isOpen: false });
  const add = () => setEditing({ isOpen: true });

  return (
    <ListPage
      title="Saved places"
      action={
        places.isSuccess &&
        places.data.length > 0 && (
          <Button variant="secondary" onClick={add}>
            <Plus aria-hidden="true" /> Add a place
          </Button>
        )
      }
    >
      {places.isPending ? (
        <LoadingState label="Loading your places">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </LoadingState>
      ) : places.isError ? (
        <ErrorState message="We couldn't load your saved places." onRetry={() => places.refetch()} />
      ) : places.data.length === 0 ? (
        <EmptyState
          icon={<MapPin />}
          title="No saved places yet"
          description="Save your home or work address, with a gate code or where to park, and booking fills it in for you."
          action={
            <Button onClick={add}>
              <Plus aria-hidden="true" /> Add a place
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3" aria-label="Saved places">
          {places.data.map((place) => (
            <li key={place.id}>
              <PlaceCard place={place} onEdit={() => setEditing({ isOpen: true, place })} />
            </li>
          ))}
        </ul>
      )}
      <PlaceFormDialog
        isOpen={editing.isOpen}
        place={editing.isOpen ? editing.place : undefined}
        onOpenChange={(open) => !open && setEditing({ isOpen: false })}
      />
    </ListPage>
  );
}
