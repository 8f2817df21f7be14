import { useState } from 'react';
import { ChevronRight, X } from 'lucide-react';
import { Link } from 'wouter';
import { defaultCity, type Coordinates } from '@core/domain/distance.ts';
import type { Detailer } from '@core/schemas/catalog.ts';
import { defaultDetailerImageUrl, distanceLabel } from '@/components/catalog/catalog-format.ts';
import { StarRating } from '@/components/catalog/star-rating.tsx';
import { MapView, type MapMarker } from '@/components/map/map-view.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

export interface NearbyDetailersMapProps {
  detailers: readonly Detailer[] | undefined;
  isPending: boolean;
  /** The customer's shared location, drawn as a dot; null while unshared. */
  you: Coordinates | null;
}

/** The home screen's map: nearby detailers as pins; tapping one shows who it is with a link to their profile. */
export function NearbyDetailersMap({ detailers, isPending, you }: NearbyDetailersMapProps) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  if (isPending) {
    // The map and its one-line caption: the greeting below stays put when the detailers arrive.
    return (
      <div className="flex flex-col gap-2">
        <Skeleton className="h-44 rounded-card" />
        <Skeleton className="h-4 w-64" />
      </div>
    );
  }

  const mapped = (detailers ?? []).filter((d) => d.serviceArea !== null);
  const selected = mapped.find((d) => d.id === selectedId) ?? null;
  const markers: MapMarker[] = mapped.map((d) => ({
    id: String(d.id),
    kind: 'pin',
    position: d.serviceArea!,
    label: d.businessName,
    isSelected: d.id === selectedId,
  }));
  if (you) markers.push({ id: 'you', kind: 'you', position: you, label: 'Your location' });

  return (
    <div className="flex flex-col gap-2">
      <MapView
        label="Map of nearby detailers"
        markers={markers}
        // Near you, not every detailer in the region: the ones further out are a pan away, and in the list below.
        center={you ?? defaultCity}
        zoom={11}
        fitToContent={false}
        onMarkerClick={(id) => setSelectedId(Number(id))}
        // The home screen stays light (decision 016): pins at once, the map library when the reader touches the map.
        loads="on-touch"
        className="h-44"
      />
      {selected ? (
        <div
          role="group"
          aria-label="Selected detailer"
          className="flex items-center gap-3 rounded-card bg-surface p-2 pl-3 shadow-card"
        >
          <img
            src={selected.avatarUrl ?? defaultDetailerImageUrl}
            alt=""
            width={40}
            height={40}
            className="size-10 shrink-0 rounded-full bg-neutral-100 object-cover"
          />
          <div className="min-w-0 flex-1">
            <Link
              href={`/detailers/${selected.id}`}
              className="flex min-h-6 items-center gap-1 truncate font-semibold text-neutral-900 hover:text-brand-700"
            >
              <span className="truncate">{selected.businessName}</span>
              <ChevronRight aria-hidden className="size-4 shrink-0" />
            </Link>
            <p className="flex items-center gap-2 text-xs whitespace-nowrap text-neutral-600">
              <StarRating value={selected.rating} count={selected.reviewCount} />
              <span aria-hidden>·</span>
              <span className="whitespace-nowrap">{distanceLabel(selected.distanceMiles)}</span>
            </p>
          </div>
          <button
            type="button"
            aria-label="Close detailer preview"
            onClick={() => setSelectedId(null)}
            className="flex size-11 shrink-0 items-center justify-center rounded-control text-neutral-600 hover:bg-neutral-100"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
      ) : (
        <p className="text-xs text-neutral-600">
          {mapped.length === 0
            ? 'No detailers on the map yet: see the list below.'
            : `${mapped.length} ${mapped.length === 1 ? 'detailer' : 'detailers'} on the map. Tap a pin to see who it is.`}
        </p>
      )}
    </div>
  );
}
