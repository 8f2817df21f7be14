import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { defaultCity } from '@core/domain/distance.ts';
import { markerIcon } from './map-markers.ts';
import { isTappable } from './marker-look.ts';
import { defaultZoom, type MapMarker, type MapViewProps } from './map-types.ts';

/**
 * The one Leaflet map (decision 018 "Maps"): markers, a route line, circles and a scale. Only this module imports
 * Leaflet, and only through the lazy MapView, so the library loads with the pages that show a map (decision 016).
 */
export type LeafletMapProps = MapViewProps & { tileUrl: string | null; attribution: string | null };

/** The background drawn when no tile server is configured: grid tiles that pan and zoom with the map. */
class PlainGrid extends L.GridLayer {
  override createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = 'glossly-grid-tile';
    return tile;
  }
}

const toLatLng = ({ latitude, longitude }: { latitude: number; longitude: number }) => L.latLng(latitude, longitude);
const lookKey = (m: MapMarker) => `${m.kind}|${m.isSelected ? 1 : 0}|${m.isStale ? 1 : 0}|${m.label}`;
const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Names a marker for assistive tech: a tappable pin is a button, the others are pictures. */
function labelMarkerElement(leafletMarker: L.Marker, marker: MapMarker) {
  const element = leafletMarker.getElement();
  if (!element) return;
  element.setAttribute('aria-label', marker.label);
  if (isTappable(marker)) {
    element.setAttribute('role', 'button');
    if (marker.isSelected) element.setAttribute('aria-pressed', 'true');
    else element.setAttribute('aria-pressed', 'false');
  } else {
    element.setAttribute('role', 'img');
  }
}

export default function LeafletMap({
  markers = [],
  route = [],
  circles = [],
  center = defaultCity,
  zoom = defaultZoom,
  fitToContent = true,
  onMarkerClick,
  tileUrl,
  attribution,
}: LeafletMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerLayers = useRef(new Map<string, { layer: L.Marker; key: string }>());
  const overlaysRef = useRef<L.LayerGroup | null>(null);
  const clickRef = useRef(onMarkerClick);
  const frameRef = useRef(() => {});

  useEffect(() => {
    clickRef.current = onMarkerClick;
  }, [onMarkerClick]);

  // The map itself, once per mount.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const isStill = prefersReducedMotion();
    const map = L.map(container, {
      center: toLatLng(center),
      zoom,
      maxZoom: 18,
      minZoom: 3,
      attributionControl: false,
      zoomAnimation: !isStill,
      fadeAnimation: !isStill,
      markerZoomAnimation: !isStill,
    });
    container.classList.add('glossly-map');
    L.control.scale({ imperial: true, metric: false, position: 'bottomleft' }).addTo(map);
    overlaysRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    const markersOnMap = markerLayers.current;
    // The container may be sized after mount (a lazy chunk, a card growing): keep Leaflet's idea of it right, and
    // frame the content again for the real size.
    const resize =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            map.invalidateSize({ pan: false });
            frameRef.current();
          })
        : null;
    resize?.observe(container);
    return () => {
      resize?.disconnect();
      markersOnMap.clear();
      map.remove();
      mapRef.current = null;
    };
    // center/zoom are the starting view only; fitting to the content follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Tiles when the server names a tile server, else the plain grid.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!tileUrl) {
      const grid = new PlainGrid({ tileSize: 256 }).addTo(map);
      return () => void grid.remove();
    }
    const tiles = L.tileLayer(tileUrl, { attribution: attribution ?? '', maxZoom: 19 }).addTo(map);
    const credit = L.control.attribution({ prefix: false }).addTo(map);
    return () => {
      tiles.remove();
      credit.remove();
    };
  }, [tileUrl, attribution]);

  // Markers, kept by id so a moving detailer glides rather than blinking out and back.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const seen = new Set<string>();
    for (const marker of markers) {
      seen.add(marker.id);
      const key = lookKey(marker);
      const existing = markerLayers.current.get(marker.id);
      if (existing) {
        existing.layer.setLatLng(toLatLng(marker.position));
        if (existing.key !== key) {
          existing.layer.setIcon(markerIcon(marker));
          existing.layer.setZIndexOffset(marker.isSelected ? 1000 : 0);
          existing.key = key;
          labelMarkerElement(existing.layer, marker);
        }
        continue;
      }
      const tappable = isTappable(marker);
      const layer = L.marker(toLatLng(marker.position), {
        icon: markerIcon(marker),
        interactive: tappable,
        keyboard: tappable,
        title: marker.label,
        zIndexOffset: marker.kind === 'detailer' ? 500 : marker.isSelected ? 1000 : 0,
      });
      if (tappable) {
        layer.on('click', () => clickRef.current?.(marker.id));
        // Leaflet gives a focused marker Enter for popups only: Enter and Space tap it, as on any button.
        layer.on('keypress', (event) => {
          const key = (event as L.LeafletKeyboardEvent).originalEvent;
          if (key.key !== 'Enter' && key.key !== ' ') return;
          key.preventDefault();
          clickRef.current?.(marker.id);
        });
      }
      layer.addTo(map);
      labelMarkerElement(layer, marker);
      markerLayers.current.set(marker.id, { layer, key });
    }
    for (const [id, { layer }] of markerLayers.current) {
      if (seen.has(id)) continue;
      layer.remove();
      markerLayers.current.delete(id);
    }
  }, [markers]);

  // The route line and the circles: few, redrawn together.
  useEffect(() => {
    const overlays = overlaysRef.current;
    if (!overlays) return;
    overlays.clearLayers();
    if (route.length >= 2) {
      L.polyline(route.map(toLatLng), { className: 'glossly-route', interactive: false }).addTo(overlays);
    }
    for (const circle of circles) {
      L.circle(toLatLng(circle.center), { radius: circle.radiusMeters, className: 'glossly-area', interactive: false }).addTo(overlays);
    }
  }, [route, circles]);

  // Frames everything shown; again whenever what is shown moves, and when the map's size changes.
  useEffect(() => {
    frameRef.current = () => {
      const map = mapRef.current;
      if (!map) return;
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return; // not laid out yet: the resize observer calls again
      const bounds = L.latLngBounds([]);
      for (const marker of markers) bounds.extend(toLatLng(marker.position));
      for (const circle of circles) bounds.extend(toLatLng(circle.center).toBounds(circle.radiusMeters * 2));
      const animate = !prefersReducedMotion();
      if (!fitToContent || !bounds.isValid()) map.setView(toLatLng(center), zoom, { animate });
      else if (markers.length === 1 && circles.length === 0) map.setView(bounds.getCenter(), 14, { animate });
      // Pins stand 44 px above their point: more room at the top keeps them inside the frame.
      else map.fitBounds(bounds, { paddingTopLeft: [36, 60], paddingBottomRight: [36, 24], maxZoom: 15, animate });
    };
  });
  const frame = [
    [center.latitude, center.longitude],
    ...markers.map((m) => [m.position.latitude, m.position.longitude]),
    ...circles.map((c) => [c.center.latitude, c.center.longitude, c.radiusMeters]),
  ]
    .map((values) => values.map((v) => v.toFixed(5)).join(','))
    .join(';');
  useEffect(() => {
    frameRef.current();
  }, [frame]);

  return <div ref={containerRef} className="size-full" />;
}
