// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { arrivalText } from '@core/domain/arrival-text.ts';
import type { BookingTracking, CurrentTracking } from '@core/schemas/tracking.ts';
import TrackProviderPage from './track-provider-page.tsx';

vi.mock('@/components/map/map-view.tsx', () => import('@/components/map/map-view-stub.tsx'));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const tracking = (overrides: Partial<BookingTracking> = {}): BookingTracking => ({
  bookingId: 7,
  status: 'en_route',
  detailer: { name: 'Gloss Boss Mobile Detailing', avatarUrl: null, vehicleDescription: 'White Ford Transit' },
  destination: { address: '500 Howard St, San Francisco', latitude: 37.789, longitude: -122.397 },
  position: { latitude: 37.77, longitude: -122.41, recordedAt: minutesAgo(0.1) },
  isPaused: false,
  etaMinutes: 12,
  etaText: 'About 12 min away',
  placePrecision: 'street',
  distanceMeters: 3862,
  ...overrides,
});

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);

const answer = (body: CurrentTracking) => {
  replies['/api/tracking/current'] = { status: 200, body };
};

beforeEach(() => {
  replies = { '/api/auth/session': { status: 200, body: { user: null } } };
});

const renderPage = () => renderAtPath('/track-provider', <TrackProviderPage />);
const detailerStatus = () => screen.findByRole('status', { name: 'Detailer status' });

describe('TrackProviderPage', () => {
  it('shows who is coming, the ETA and distance beside a map with both markers and the line between them', async () => {
    answer({ tracking: tracking(), nextBooking: null });
    renderPage();
    expect((await detailerStatus()).textContent).toBe('About 12 min away');
    expect(screen.getByText('2.4 mi away · updated just now')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gloss Boss Mobile Detailing' })).toBeTruthy();
    expect(screen.getByText('White Ford Transit')).toBeTruthy();
    const map = screen.getByRole('region', { name: "Map of your detailer's trip" });
    expect(within(map).getByText('Gloss Boss Mobile Detailing, current location')).toBeTruthy();
    expect(within(map).getByText('Your address: 500 Howard St, San Francisco')).toBeTruthy();
    expect(map.dataset.routePoints).toBe('2');
    expect(screen.getByRole('link', { name: 'View booking' }).getAttribute('href')).toBe('/bookings/7');
  });

  it("shows the server's arrival words as given, never its own reckoning from the minutes", async () => {
    // A job known only by its ZIP code's centre: 12 minutes to the centre, but no minute is promised.
    const etaText = arrivalText({ seconds: 12 * 60, straightLineMeters: 1_200, precision: 'zip' });
    expect(etaText).toBe('In your area');
    answer({ tracking: tracking({ etaText, placePrecision: 'zip', distanceMeters: null }), nextBooking: null });
    renderPage();
    expect((await detailerStatus()).textContent).toBe('In your area');
    expect(screen.queryByText(/min away/)).toBeNull();
    expect(screen.getByText('updated just now')).toBeTruthy();
  });

  it('says the location is paused and when it was last seen, and greys the marker, instead of a frozen live dot', async () => {
    answer({
      tracking: tracking({ isPaused: true, position: { latitude: 37.77, longitude: -122.41, recordedAt: minutesAgo(3) } }),
      nextBooking: null,
    });
    renderPage();
    expect((await detailerStatus()).textContent).toBe('Location paused, last seen 3 min ago');
    expect(screen.queryByText('About 12 min away')).toBeNull();
    const marker = screen.getByText('Gloss Boss Mobile Detailing, last known location');
    expect(marker.closest('li')?.dataset.stale).toBe('true');
  });

  it('says the detailer has arrived while the job is in progress', async () => {
    answer({ tracking: tracking({ status: 'in_progress', etaMinutes: 0, distanceMeters: 20 }), nextBooking: null });
    renderPage();
    expect((await detailerStatus()).textContent).toBe('Your detailer has arrived');
  });

  it('waits for the first position of a detailer who just set off', async () => {
    answer({ tracking: tracking({ position: null, etaMinutes: null, etaText: null, distanceMeters: null }), nextBooking: null });
    renderPage();
    expect((await detailerStatus()).textContent).toBe('On the way');
    expect(screen.getByText('Waiting for the first location from your detailer.')).toBeTruthy();
  });

  it("without a booking on its way: says so and links the next booking, at its time on the booking's clock", async () => {
    // 9:00 AM in Los Angeles, whatever the zone the test runs in.
    answer({
      tracking: null,
      nextBooking: {
        id: 9,
        serviceName: 'Full Interior Detail',
        detailerBusinessName: 'Sparkle Squad',
        startsAt: '2099-01-05T17:00:00.000Z',
        timeZone: 'America/Los_Angeles',
        status: 'accepted',
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No detailer on the way right now' })).toBeTruthy();
    const next = screen.getByRole('link', { name: /Your next booking/ });
    expect(next.getAttribute('href')).toBe('/bookings/9');
    expect(next.textContent).toContain('Monday, January 5 at 9:00 AM · Sparkle Squad');
    expect(screen.queryByRole('region', { name: /Map/ })).toBeNull();
  });

  it('without any booking: an empty state with a link to book', async () => {
    answer({ tracking: null, nextBooking: null });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No detailer on the way right now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a detailer' }).getAttribute('href')).toBe('/detailers');
  });

  it('shows a retry when the location cannot be loaded', async () => {
    replies['/api/tracking/current'] = { status: 500, body: { message: 'boom' } };
    renderPage();
    expect(await screen.findByRole('alert', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
