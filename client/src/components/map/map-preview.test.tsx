// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapPreview, scaleBar } from './map-preview.tsx';
import type { MapMarker } from './map-types.ts';

const center = { latitude: 37.7749, longitude: -122.4194 };
const markers: MapMarker[] = [
  { id: '1', kind: 'pin', position: center, label: 'Gloss Boss Mobile Detailing' },
  // 0.01 degree east: at zoom 12 that is 256 * 2^12 * 0.01 / 360 = 29.1 px to the right.
  {
    id: '2',
    kind: 'pin',
    position: { latitude: center.latitude, longitude: center.longitude + 0.01 },
    label: 'Shine On',
    isSelected: true,
  },
  { id: 'you', kind: 'you', position: center, label: 'Your location' },
];

afterEach(cleanup);

/** The pixel offset from the middle in a `calc(50% ± Npx)` position (the browser writes the sign its own way). */
function offsetOf(position: string) {
  const [, sign, pixels] = /calc\(50% ([+-]) ([\d.]+)px\)/.exec(position)!;
  return (sign === '-' ? -1 : 1) * Number(pixels);
}

function renderPreview(overrides: Partial<Parameters<typeof MapPreview>[0]> = {}) {
  const onMarkerClick = vi.fn();
  const onExplore = vi.fn();
  render(
    <MapPreview
      markers={markers}
      onMarkerClick={onMarkerClick}
      onExplore={onExplore}
      center={center}
      zoom={12}
      backdropClassName="backdrop"
      {...overrides}
    />,
  );
  return { onMarkerClick, onExplore };
}

describe('MapPreview', () => {
  it('places each marker by the map projection: the centre at the middle, east to the right, anchored at its tip', () => {
    renderPreview();
    const atCentre = screen.getByRole('button', { name: 'Gloss Boss Mobile Detailing' });
    // A pin is 36 x 44 with its point at (18, 44).
    expect(offsetOf(atCentre.style.left)).toBe(-18);
    expect(offsetOf(atCentre.style.top)).toBe(-44);
    const east = screen.getByRole('button', { name: 'Shine On' });
    expect(offsetOf(east.style.left) + 18).toBeCloseTo(29.1, 1);
    expect(offsetOf(east.style.top)).toBeCloseTo(-44, 5);
    expect(screen.getByRole('img', { name: 'Your location' })).toBeTruthy();
  });

  it('pins work as on the live map: a tap names the detailer; the chosen one is pressed', () => {
    const { onMarkerClick, onExplore } = renderPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Gloss Boss Mobile Detailing' }));
    expect(onMarkerClick).toHaveBeenCalledWith('1');
    expect(screen.getByRole('button', { name: 'Shine On' }).getAttribute('aria-pressed')).toBe('true');
    expect(onExplore).not.toHaveBeenCalled();
  });

  it('loads the live map when asked, or when the map itself (not a pin) is touched', () => {
    const { onExplore } = renderPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Explore map' }));
    expect(onExplore).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Explore map' }).parentElement!);
    expect(onExplore).toHaveBeenCalledTimes(2);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Shine On' }));
    expect(onExplore).toHaveBeenCalledTimes(2);
  });
});

describe('scaleBar', () => {
  it('picks the roundest distance that draws at least 40 px, as the live map does', () => {
    // San Francisco at zoom 12: 30.2 m a pixel, 53 px a mile; at zoom 11 a mile is 27 px, so 2 miles.
    expect(scaleBar(37.7749, 12)).toEqual({ miles: 1, pixels: 53 });
    expect(scaleBar(37.7749, 11)).toEqual({ miles: 2, pixels: 53 });
    expect(scaleBar(37.7749, 16).miles).toBe(0.1);
  });
});
