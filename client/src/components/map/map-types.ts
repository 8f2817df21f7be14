import type { Coordinates } from '@core/domain/distance.ts';

/** What a marker stands for; each kind has its own look (see map-markers.ts). */
export type MapMarkerKind = 'detailer' | 'destination' | 'pin' | 'you';

export type MapMarker = {
  id: string;
  position: Coordinates;
  kind: MapMarkerKind;
  /** The marker's accessible name and tooltip, e.g. 'Gloss Boss Mobile Detailing'. */
  label: string;
  /** Marks a 'pin' as chosen (a stronger look). */
  isSelected?: boolean;
  /** Greys a 'detailer' out: its position is old (tracking paused). */
  isStale?: boolean;
};

export type MapCircle = {
  id: string;
  center: Coordinates;
  radiusMeters: number;
  label: string;
};

export type MapViewProps = {
  /** The map region's accessible name; the text alternative (ETA, list of detailers) lives outside the map. */
  label: string;
  markers?: readonly MapMarker[];
  /** A line through these points, e.g. from the detailer to the destination. */
  route?: readonly Coordinates[];
  circles?: readonly MapCircle[];
  /** Where to look when there is nothing to fit to (or always, with `fitToContent` false). */
  center?: Coordinates;
  zoom?: number;
  /** Frame the markers and circles (the default); false keeps `center` and `zoom`, e.g. a 'near you' view. */
  fitToContent?: boolean;
  /** Called with a marker's id when a tappable marker ('pin') is tapped or activated with the keyboard. */
  onMarkerClick?: (id: string) => void;
  className?: string;
  /**
   * 'at-once' (the default) loads the live map with the page. 'on-touch' first draws the markers without the map
   * library and loads it when the reader touches the map or asks to explore it: for pages that must stay light.
   */
  loads?: 'at-once' | 'on-touch';
};

/** The zoom a map opens at when the page names none: a neighbourhood. */
export const defaultZoom = 12;

export const metersPerMile = 1609.344;
