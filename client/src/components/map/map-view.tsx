import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { MapPinOff } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { useInBrowser } from '@/lib/use-in-browser.ts';
import { defaultCity } from '@core/domain/distance.ts';
import { useMapConfig } from './get-map-config.ts';
import { MapPreview } from './map-preview.tsx';
import { defaultZoom, type MapViewProps } from './map-types.ts';

export type { MapCircle, MapMarker, MapMarkerKind, MapViewProps } from './map-types.ts';
export { metersPerMile } from './map-types.ts';

// Leaflet and its stylesheet arrive only with this chunk: never in the entry or the home page's first chunk.
const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

const backdropClasses =
  'bg-neutral-100 bg-[linear-gradient(to_right,var(--color-neutral-200)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-neutral-200)_1px,transparent_1px)] bg-[size:64px_64px]';

/** What shows while the map's code loads: the same quiet background the map draws on. */
function MapBackdrop({ children }: { children?: ReactNode }) {
  return <div className={cn('flex size-full items-center justify-center', backdropClasses)}>{children}</div>;
}

/** A map chunk that failed to load (offline, an old build): say so calmly instead of breaking the page. */
class MapErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <MapBackdrop>
        <p className="flex items-center gap-2 rounded-control bg-surface/90 px-3 py-2 text-sm text-neutral-700">
          <MapPinOff aria-hidden className="size-4" />
          The map couldn&apos;t load. The details are below.
        </p>
      </MapBackdrop>
    );
  }
}

/**
 * A map region: `role="region"` named by `label`. With `loads: 'on-touch'` it starts as a MapPreview (markers only,
 * at `center` and `zoom`). Pages put its text alternative (ETA, distances, the list) beside
 * it. Page tests mock this module: jsdom has no layout for Leaflet.
 */
export function MapView({ label, className, loads = 'at-once', ...props }: MapViewProps) {
  const [isLive, setIsLive] = useState(loads === 'at-once');
  const config = useMapConfig();
  // Leaflet needs a window: a page the server draws shows the map's backdrop, as while its code loads.
  const inBrowser = useInBrowser();
  return (
    <div
      role="region"
      aria-label={label}
      className={cn('relative isolate overflow-hidden rounded-card bg-neutral-100 shadow-card', className)}
    >
      {isLive && inBrowser ? (
        <MapErrorBoundary>
          <Suspense
            fallback={
              <MapBackdrop>
                <span className="sr-only" role="status">
                  Loading the map
                </span>
              </MapBackdrop>
            }
          >
            <LeafletMap label={label} {...props} tileUrl={config.data?.tileUrl ?? null} attribution={config.data?.attribution ?? null} />
          </Suspense>
        </MapErrorBoundary>
      ) : isLive ? (
        <MapBackdrop />
      ) : (
        <MapPreview
          markers={props.markers}
          onMarkerClick={props.onMarkerClick}
          center={props.center ?? defaultCity}
          zoom={props.zoom ?? defaultZoom}
          backdropClassName={backdropClasses}
          onExplore={() => setIsLive(true)}
        />
      )}
    </div>
  );
}
