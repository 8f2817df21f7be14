import { describe, expect, it } from 'vitest';
import { arrivalText } from '@core/domain/arrival-text.ts';
import { distanceMeters, straightLineEstimate } from '@core/domain/geo.ts';
import type { BookingTracking, LocationSharing } from '@core/schemas/tracking.ts';
import { sharingOffMessage } from '../../server/tracking/positions.ts';
import { databaseKinds } from './test-app.ts';
import { jobPlace, oakland, useTrackingTestApp } from './tracking-test-app.ts';

// Issue 37: tracking that just happens. 'On my way' shares the detailer's location for the trip, 'Start' stops it.
describe.each(databaseKinds)("'On my way' and location sharing on %s", (kind) => {
  const k = useTrackingTestApp(kind);
  const { clock, call, trip, postPosition, positionsOf } = k;
  const sharing = async (user: Parameters<typeof call>[0]) =>
    (await call(user, 'GET', '/api/detailer/location-sharing')).json() as LocationSharing;

  it("turns sharing on with 'On my way' (the customer sees the position) and off with 'Start'", async () => {
    const { booking, detailer } = await trip({ status: 'accepted' });
    expect((await sharing(detailer.user)).enabled).toBe(false);
    expect((await postPosition(detailer.user, { bookingId: booking.id, ...oakland })).statusCode).toBe(409);

    const onMyWay = await call(detailer.user, 'POST', `/api/bookings/${booking.id}/start-route`);
    expect(onMyWay.statusCode, onMyWay.body).toBe(200);
    expect(await sharing(detailer.user)).toMatchObject({ enabled: true, activeBooking: { id: booking.id, status: 'en_route' } });
    expect((await postPosition(detailer.user, { bookingId: booking.id, ...oakland })).statusCode).toBe(204);
    const seen = (await call(k.people.customer, 'GET', `/api/bookings/${booking.id}/tracking`)).json();
    expect(seen.position).toMatchObject(oakland);

    // Start opens 30 minutes before the job: the detailer is there, their location is no longer sent.
    clock.set(new Date(booking.startsAt.getTime() - 20 * 60_000));
    try {
      const start = await call(detailer.user, 'POST', `/api/bookings/${booking.id}/start`);
      expect(start.statusCode, start.body).toBe(200);
      expect((await sharing(detailer.user)).enabled).toBe(false);
      const refused = await postPosition(detailer.user, { bookingId: booking.id, ...jobPlace });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(sharingOffMessage);
      expect(await positionsOf(booking.id)).toHaveLength(1);
    } finally {
      clock.set(new Date('2026-11-23T16:00:00Z'));
    }
  });

  it('leaves the detailer the last word: sharing turned off on the way stays off, and a refused move shares nothing', async () => {
    const { booking, detailer } = await trip({ status: 'accepted' });
    await call(detailer.user, 'POST', `/api/bookings/${booking.id}/start-route`);
    expect((await call(detailer.user, 'PUT', '/api/detailer/location-sharing', { enabled: false })).json().enabled).toBe(false);
    expect((await postPosition(detailer.user, { bookingId: booking.id, ...oakland })).statusCode).toBe(409);

    // A second 'On my way' on a job already on its way is refused and changes nothing.
    const again = await call(detailer.user, 'POST', `/api/bookings/${booking.id}/start-route`);
    expect(again.statusCode).toBe(409);
    expect((await sharing(detailer.user)).enabled).toBe(false);

    // Another detailer's job: 'On my way' is refused and the caller's sharing is untouched.
    const other = await trip({ status: 'accepted' });
    const stranger = await call(detailer.user, 'POST', `/api/bookings/${other.booking.id}/start-route`);
    expect(stranger.statusCode).toBe(404);
    expect((await sharing(other.detailer.user)).enabled).toBe(false);
    expect((await sharing(detailer.user)).enabled).toBe(false);
  });
});

// Issue 37: honest arrival estimates. A minute only for a street-precise place; a ZIP code's centre gets what is known.
describe.each(databaseKinds)('arrival estimates on %s', (kind) => {
  const k = useTrackingTestApp(kind);
  const { call, trip, shareToday, postPosition } = k;
  /** About 480 m (0.3 mi) south of the job's place: the '1 Market St' case. */
  const nearCentre = { latitude: jobPlace.latitude - 0.0043, longitude: jobPlace.longitude };

  async function seenFrom(precision: 'street' | 'zip', from: { latitude: number; longitude: number }) {
    const { booking, detailer } = await trip({ precision });
    await shareToday(detailer);
    expect((await postPosition(detailer.user, { bookingId: booking.id, ...from })).statusCode).toBe(204);
    return (await call(k.people.customer, 'GET', `/api/bookings/${booking.id}/tracking`)).json() as BookingTracking;
  }

  it("says 'In your area' rather than a minute near a ZIP code's centre, and a range from further away", async () => {
    const near = await seenFrom('zip', nearCentre);
    expect(near).toMatchObject({ placePrecision: 'zip', etaText: 'In your area', distanceMeters: null });
    const far = await seenFrom('zip', oakland);
    const estimate = straightLineEstimate(oakland, jobPlace);
    const straightLineMeters = Math.round(distanceMeters(oakland, jobPlace));
    expect(far.etaText).toBe(arrivalText({ seconds: estimate.seconds, straightLineMeters, precision: 'zip' }));
    expect(far.etaText).toMatch(/^About \d+–\d+ min away$/);
  });

  it('gives a street-precise place its minute, worded by the same function', async () => {
    const near = await seenFrom('street', nearCentre);
    const estimate = straightLineEstimate(nearCentre, jobPlace);
    expect(near).toMatchObject({ placePrecision: 'street', etaText: 'About 1 min away', distanceMeters: estimate.meters });
    expect(near.etaText).toBe(
      arrivalText({ seconds: estimate.seconds, straightLineMeters: Math.round(distanceMeters(nearCentre, jobPlace)), precision: 'street' }),
    );
  });

  it('tells the customer of a ZIP-located job that the detailer is in the area, not a minute', async () => {
    const { booking, detailer } = await trip({ precision: 'zip' });
    await shareToday(detailer);
    await postPosition(detailer.user, { bookingId: booking.id, ...nearCentre });
    expect((await k.arrivalNoticesOf(booking.id)).map((notice) => notice.message)).toEqual([
      expect.stringMatching(/^Detailing \w+ is in your area$/),
    ]);
  });
});
