import type { MapViewProps } from './map-types.ts';

export { metersPerMile } from './map-types.ts';

/**
 * Stands in for '@/components/map/map-view.tsx' in page tests (jsdom has no layout for Leaflet): the region, its
 * markers as buttons or list items, and the circles, so a test can see what the page asked the map to draw.
 */
export function MapView({ label, markers = [], circles = [], route = [], onMarkerClick }: MapViewProps) {
  return (
    <div role="region" aria-label={label} data-route-points={route.length}>
      <ul aria-label="Map markers">
        {markers.map((m) => (
          <li
            key={m.id}
            data-kind={m.kind}
            data-stale={m.isStale ? 'true' : undefined}
            data-position={`${m.position.latitude},${m.position.longitude}`}
          >
            {m.kind === 'pin' ? (
              <button type="button" onClick={() => onMarkerClick?.(m.id)}>
                {m.label}
              </button>
            ) : (
              m.label
            )}
          </li>
        ))}
      </ul>
      <ul aria-label="Map circles">
        {circles.map((c) => (
          <li key={c.id}>{c.label}</li>
        ))}
      </ul>
    </div>
  );
}
