import './map.css';
import { Move } from 'lucide-react';
import type { Coordinates } from '@core/domain/distance.ts';
import { cn } from '@/lib/cn.ts';
import { isTappable, markerLook } from './marker-look.ts';
import { metersPerMile, type MapViewProps } from './map-types.ts';

/** A point's place on the Web Mercator world at `zoom`, in pixels: the projection Leaflet's tiles use. */
function worldPixels({ latitude, longitude }: Coordinates, zoom: number) {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return { x: ((longitude + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

/** Web Mercator metres per pixel at this latitude and zoom (256-pixel tiles). */
const metersPerPixel = (latitude: number, zoom: number) => (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / (256 * 2 ** zoom);

/** The scale bar's length: the roundest distance that draws between 40 and 100 pixels, as Leaflet's own does. */
export function scaleBar(latitude: number, zoom: number): { miles: number; pixels: number } {
  const pixelsPerMile = metersPerMile / metersPerPixel(latitude, zoom);
  const miles = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100].find((m) => m * pixelsPerMile >= 40) ?? 100;
  return { miles, pixels: Math.round(miles * pixelsPerMile) };
}

export type MapPreviewProps = Pick<MapViewProps, 'markers' | 'onMarkerClick'> & {
  center: Coordinates;
  zoom: number;
  backdropClassName: string;
  /** Swaps the preview for the live map (the reader wants to pan or zoom). */
  onExplore: () => void;
};

/**
 * The map as it first shows on a page that must stay light (the home screen, decision 016's JS budget): the same
 * markers at the same places on the same background, drawn by the browser with no map library. Pins work as they
 * do on the live map; touching the map itself, or 'Explore map', loads Leaflet in its place.
 */
export function MapPreview({ markers = [], onMarkerClick, center, zoom, backdropClassName, onExplore }: MapPreviewProps) {
  const origin = worldPixels(center, zoom);
  return (
    <div
      className={cn('relative size-full', backdropClassName)}
      onPointerDown={(event) => event.target === event.currentTarget && onExplore()}
    >
      {markers.map((marker) => {
        const look = markerLook(marker);
        const point = worldPixels(marker.position, zoom);
        const style = {
          left: `calc(50% + ${point.x - origin.x - look.anchor[0]}px)`,
          top: `calc(50% + ${point.y - origin.y - look.anchor[1]}px)`,
          width: look.size[0],
          height: look.size[1],
        };
        // The marker's look is our own constant SVG (marker-look.ts), never text from a user.
        const picture = (
          <span aria-hidden className="pointer-events-none absolute inset-0" dangerouslySetInnerHTML={{ __html: look.html }} />
        );
        return isTappable(marker) ? (
          <button
            key={marker.id}
            type="button"
            aria-label={marker.label}
            aria-pressed={marker.isSelected ?? false}
            className={cn('absolute', look.className)}
            style={style}
            onClick={() => onMarkerClick?.(marker.id)}
          >
            {picture}
          </button>
        ) : (
          <span key={marker.id} role="img" aria-label={marker.label} className={cn('absolute', look.className)} style={style}>
            {picture}
          </span>
        );
      })}
      <ScaleLine {...scaleBar(center.latitude, zoom)} />
      <button
        type="button"
        onClick={onExplore}
        className="absolute right-2 bottom-2 flex min-h-11 items-center gap-1.5 rounded-control bg-surface/95 px-3 text-sm font-medium text-neutral-800 shadow-card hover:bg-surface"
      >
        <Move aria-hidden className="size-4" />
        Explore map
      </button>
    </div>
  );
}

/** The same scale line the live map draws (Leaflet's, styled in map.css), so the preview reads as a map too. */
function ScaleLine({ miles, pixels }: { miles: number; pixels: number }) {
  return (
    <div aria-hidden className="glossly-map pointer-events-none absolute bottom-2 left-2">
      <div
        className="leaflet-control-scale-line border-2 border-t-0 px-1 text-[11px] leading-4 whitespace-nowrap"
        style={{ width: pixels }}
      >
        {miles} mi
      </div>
    </div>
  );
}
