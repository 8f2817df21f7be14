import type { MapMarker } from './map-types.ts';

// Inline SVG (lucide's car, house and map-pin paths): markers are HTML, never image files that could 404.
const svg = (paths: string) =>
  `<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;
const carIcon = svg(
  '<path d="M19 17h2c.6 0 1-.4 1-1v-3c0-.9-.7-1.7-1.5-1.9C18.7 10.6 16 10 16 10s-1.3-1.4-2.2-2.3c-.5-.4-1.1-.7-1.8-.7H5c-.6 0-1.1.4-1.4.9l-1.4 2.9A3.7 3.7 0 0 0 2 12v4c0 .6.4 1 1 1h2"/><circle cx="7" cy="17" r="2"/><path d="M9 17h6"/><circle cx="17" cy="17" r="2"/>',
);
const homeIcon = svg(
  '<path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8"/><path d="M3 10a2 2 0 0 1 .709-1.528l7-5.999a2 2 0 0 1 2.582 0l7 5.999A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>',
);
const sparkleIcon = svg('<path d="M12 3l1.9 5.8L20 10l-6.1 1.2L12 17l-1.9-5.8L4 10l6.1-1.2z"/>');

/** The marker's HTML and its anchor: the point of a pin, the centre of a dot. */
export function markerLook(marker: MapMarker): { html: string; size: [number, number]; anchor: [number, number]; className: string } {
  switch (marker.kind) {
    case 'detailer':
      return {
        html: `<span class="glossly-marker-ring"></span><span class="glossly-marker-dot">${carIcon}</span>`,
        size: [40, 40],
        anchor: [20, 20],
        className: marker.isStale ? 'glossly-marker glossly-marker-detailer is-stale' : 'glossly-marker glossly-marker-detailer',
      };
    case 'destination':
      return {
        html: `<span class="glossly-pin">${homeIcon}</span>`,
        size: [36, 44],
        anchor: [18, 44],
        className: 'glossly-marker glossly-marker-destination',
      };
    case 'pin':
      return {
        html: `<span class="glossly-pin">${sparkleIcon}</span>`,
        size: [36, 44],
        anchor: [18, 44],
        className: marker.isSelected ? 'glossly-marker glossly-marker-pin is-selected' : 'glossly-marker glossly-marker-pin',
      };
    case 'you':
      return {
        html: '<span class="glossly-you-dot"></span>',
        size: [20, 20],
        anchor: [10, 10],
        className: 'glossly-marker glossly-marker-you',
      };
    default: {
      const unknownKind: never = marker.kind;
      throw new Error(`Unknown marker kind ${String(unknownKind)}`);
    }
  }
}

/** Only pins are tappable (they open a detailer); the others are pictures whose meaning is written beside the map. */
export const isTappable = (marker: MapMarker) => marker.kind === 'pin';
