import L from 'leaflet';
import type { MapMarker } from './map-types.ts';
import { markerLook } from './marker-look.ts';

export function markerIcon(marker: MapMarker): L.DivIcon {
  const look = markerLook(marker);
  return L.divIcon({ html: look.html, className: look.className, iconSize: look.size, iconAnchor: look.anchor });
}
