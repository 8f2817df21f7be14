// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import { NearbyDetailersMap } from './nearby-detailers-map.tsx';

vi.mock('@/components/map/map-view.tsx', () => import('@/components/map/map-view-stub.tsx'));
stubFetchEachTest(vi.fn());

const detailer = (id: number, businessName: string, hasBase = true) => ({
  id,
  userId: id,
  businessName,
  description: '',
  avatarUrl: null,
  rating: 4.5,
  reviewCount: 10,
  startingPrice: 59,
  distanceMiles: 1.5,
  services: ['Interior'],
  timeZone: 'UTC',
  createdAt: '',
  vehicleDescription: '',
  serviceArea: hasBase ? { latitude: 37.77 + id / 100, longitude: -122.42, radiusMiles: 25 } : null,
});

describe('NearbyDetailersMap', () => {
  it("shows detailers as pins; tapping one shows the detailer's name with a link to the profile", async () => {
    renderAtPath(
      '/',
      <NearbyDetailersMap
        isPending={false}
        you={{ latitude: 37.77, longitude: -122.41 }}
        detailers={[detailer(1, 'Gloss Boss'), detailer(2, 'Sparkle Squad'), detailer(3, 'Unplaced', false)]}
      />,
    );
    const map = screen.getByRole('region', { name: 'Map of nearby detailers' });
    expect(
      within(map)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Gloss Boss', 'Sparkle Squad']);
    expect(within(map).getByText('Your location')).toBeTruthy();
    expect(screen.getByText('2 detailers on the map. Tap a pin to see who it is.')).toBeTruthy();

    fireEvent.click(within(map).getByRole('button', { name: 'Sparkle Squad' }));
    // The preview's code loads with the first tap of a pin.
    expect((await screen.findByRole('link', { name: 'Sparkle Squad' })).getAttribute('href')).toBe('/detailers/2');
    fireEvent.click(screen.getByRole('button', { name: 'Close detailer preview' }));
    expect(screen.queryByRole('link', { name: 'Sparkle Squad' })).toBeNull();
  });

  it('says when no detailer is on the map yet', () => {
    renderAtPath('/', <NearbyDetailersMap isPending={false} you={null} detailers={[detailer(3, 'Unplaced', false)]} />);
    expect(screen.getByText('No detailers on the map yet: see the list below.')).toBeTruthy();
  });
});
