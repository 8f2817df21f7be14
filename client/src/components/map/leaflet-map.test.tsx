// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LeafletMap from './leaflet-map.tsx';
import type { MapMarker } from './map-types.ts';

afterEach(cleanup);

const destination: MapMarker = {
  id: 'destination',
  kind: 'destination',
  position: { latitude: 37.789, longitude: -122.397 },
  label: 'Your address: 500 Howard St',
};
const detailer = (latitude: number, isStale = false): MapMarker => ({
  id: 'detailer',
  kind: 'detailer',
  position: { latitude, longitude: -122.41 },
  label: 'Gloss Boss, current location',
  isStale,
});

describe('LeafletMap', () => {
  it('draws markers as labelled HTML (no image files), a scale and the plain grid without a tile server', () => {
    const { container } = render(
      <LeafletMap
        label="Trip"
        tileUrl={null}
        attribution={null}
        markers={[destination, detailer(37.77)]}
        route={[detailer(37.77).position, destination.position]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Your address: 500 Howard St' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Gloss Boss, current location' })).toBeTruthy();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.querySelector('.leaflet-control-scale')).not.toBeNull();
    expect(container.querySelector('.glossly-grid-tile, .leaflet-tile-container')).not.toBeNull();
    expect(container.querySelector('.leaflet-tile-pane img')).toBeNull();
    expect(container.querySelector('path.glossly-route')).not.toBeNull();
  });

  it('moves a marker in place and greys it out when stale', () => {
    const { container, rerender } = render(<LeafletMap label="Trip" tileUrl={null} attribution={null} markers={[detailer(37.77)]} />);
    const before = container.querySelector('.glossly-marker-detailer');
    rerender(<LeafletMap label="Trip" tileUrl={null} attribution={null} markers={[detailer(37.78, true)]} />);
    const markers = container.querySelectorAll('.glossly-marker-detailer');
    expect(markers).toHaveLength(1);
    expect(markers[0]!.classList.contains('is-stale')).toBe(true);
    expect(before).not.toBeNull();
  });

  it('makes pins buttons that report their id when tapped', () => {
    const onMarkerClick = vi.fn();
    render(
      <LeafletMap
        label="Detailers"
        tileUrl={null}
        attribution={null}
        onMarkerClick={onMarkerClick}
        markers={[{ id: '3', kind: 'pin', position: { latitude: 37.77, longitude: -122.42 }, label: 'Sparkle Squad' }]}
      />,
    );
    const pin = screen.getByRole('button', { name: 'Sparkle Squad' });
    act(() => {
      fireEvent.click(pin);
    });
    expect(onMarkerClick).toHaveBeenCalledWith('3');
  });

  it('draws service-area circles', () => {
    const { container } = render(
      <LeafletMap
        label="Areas"
        tileUrl={null}
        attribution={null}
        circles={[{ id: '1', center: { latitude: 37.77, longitude: -122.42 }, radiusMeters: 40_000, label: 'Gloss Boss: 25 miles' }]}
      />,
    );
    expect(container.querySelector('path.glossly-area')).not.toBeNull();
  });

  it('uses the tile server when one is configured, with its attribution', () => {
    const { container } = render(<LeafletMap label="Map" tileUrl="/tiles/{z}/{x}/{y}.png" attribution="© Test Maps" />);
    expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain('© Test Maps');
    expect(container.querySelector('.glossly-grid-tile')).toBeNull();
  });
});
