import { lazy, Suspense, useState } from 'react';
import { defaultCity, type Coordinates } from '@core/domain/distance.ts';
import type { Detailer } from '@core/schemas/catalog.ts';
import { MapView, type MapMarker } from '@/components/map/map-view.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

export interface NearbyDetailersMapProps {
  detailers: readonly Detailer[] | undefined;
  isPending: boolean;
  /** The customer's shared location, drawn as a dot; null while unshared. */
  you: Coordinates | null;
}

// Who a tapped pin is loads with the first tap, like the map library itself (loads="on-touch" below).
const NearbyDetailerPreview = lazy(() => import('./nearby-detailer-preview.tsx'));

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

  const caption = (
    <p className="text-xs text-neutral-600">
      {mapped.length === 0
        ? 'No detailers on the map yet: see the list below.'
        : `${mapped.length} ${mapped.length === 1 ? 'detailer' : 'detailers'} on the map. Tap a pin to see who it is.`}
    </p>
  );
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
        <Suspense fallback={caption}>
          <NearbyDetailerPreview selected={selected} onClose={() => setSelectedId(null)} />
        </Suspense>
      ) : (
        caption
      )}
    </div>
  );
}
