import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import type { BookingTracking, CurrentTracking, LocationSharing } from '@core/schemas/tracking.ts';
import { notOnTripMessage, recordPosition, sharingOffMessage } from '../../server/tracking/positions.ts';
import { straightLineEstimator } from '../../server/geo/eta.ts';
import { databaseKinds, createTestContext } from './test-app.ts';
import { jobPlace, nearJob, oakland, useTrackingTestApp } from './tracking-test-app.ts';

// Live tracking (decision 018): who may share, send and see a trip's positions, and the 'Arriving soon' notice.
describe.each(databaseKinds)('live tracking on %s', (kind) => {
  const k = useTrackingTestApp(kind);
  const { clock, people, call, trip, shareToday, postPosition, positionsOf } = k;
  const second = 1000;

  it('lets only detailers share and send, and only the customer and admins see a trip', async () => {
    const { booking, detailer } = await trip();
    const other = await k.newDetailer();
    const { customer, otherCustomer, admin } = people;
    const expectations: Array<[string, string, UserRow | null, number]> = [
      ['GET', '/api/detailer/location-sharing', null, 401],
      ['GET', '/api/detailer/location-sharing', customer, 403],
      ['GET', '/api/detailer/location-sharing', admin, 403],
      ['GET', '/api/detailer/location-sharing', detailer.user, 200],
      ['PUT', '/api/detailer/location-sharing', null, 401],
      ['PUT', '/api/detailer/location-sharing', customer, 403],
      ['PUT', '/api/detailer/location-sharing', admin, 403],
      ['POST', '/api/detailer/positions', null, 401],
      ['POST', '/api/detailer/positions', customer, 403],
      ['POST', '/api/detailer/positions', admin, 403],
      ['POST', '/api/detailer/positions', other.user, 404],
      ['GET', `/api/bookings/${booking.id}/tracking`, null, 401],
      ['GET', `/api/bookings/${booking.id}/tracking`, customer, 200],
      ['GET', `/api/bookings/${booking.id}/tracking`, admin, 200],
      ['GET', `/api/bookings/${booking.id}/tracking`, otherCustomer, 404],
      ['GET', `/api/bookings/${booking.id}/tracking`, detailer.user, 404],
      ['GET', `/api/bookings/${booking.id}/tracking`, other.user, 404],
      ['GET', '/api/bookings/2147483647/tracking', admin, 404],
      ['GET', '/api/tracking/current', null, 401],
      ['GET', '/api/tracking/current', customer, 200],
      ['GET', '/api/tracking/current', detailer.user, 403],
      ['GET', '/api/tracking/current', admin, 403],
    ];
    await shareToday(other);
    const body = { bookingId: booking.id, ...jobPlace, enabled: true };
    for (const [method, url, user, status] of expectations) {
      const response = await call(user, method as 'GET', url, method === 'GET' ? undefined : body);
      const who = user?.role ?? 'anonymous';
      expect({ method, url, who, status: response.statusCode }).toEqual({ method, url, who, status });
    }
    expect(await positionsOf(booking.id)).toHaveLength(0);
  });

  it('turns sharing on for today only, names who sees it, and turns it off', async () => {
    const { booking, detailer } = await trip();
    const initial = (await call(detailer.user, 'GET', '/api/detailer/location-sharing')).json() as LocationSharing;
    expect(initial).toMatchObject({ enabled: false, activeBooking: { id: booking.id, customerName: 'Jane Doe', status: 'en_route' } });

    const on = (await shareToday(detailer)) as LocationSharing;
    expect(on.enabled).toBe(true);
    expect(on.sharedWith).toBe('Only Jane D., the customer of your current job, and Glossly admins');
    expect(on.activeBooking!.serviceName).toMatch(/^Wash /);

    // 11:59 PM in Los Angeles is still today; a minute later sharing has lapsed by itself.
    clock.set(new Date('2026-11-24T07:59:00Z'));
    expect((await call(detailer.user, 'GET', '/api/detailer/location-sharing')).json().enabled).toBe(true);
    clock.set(new Date('2026-11-24T08:00:00Z'));
    expect((await call(detailer.user, 'GET', '/api/detailer/location-sharing')).json().enabled).toBe(false);
    clock.set(new Date('2026-11-23T16:00:00Z'));

    expect(((await shareToday(detailer, false)) as LocationSharing).enabled).toBe(false);
    const bad = await call(detailer.user, 'PUT', '/api/detailer/location-sharing', { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('enabled must be true or false');

    const idle = await k.newDetailer();
    const idleAnswer = (await shareToday(idle)) as LocationSharing;
    expect(idleAnswer).toMatchObject({ enabled: true, activeBooking: null });
    expect(idleAnswer.sharedWith).toMatch(/^Only the customer of your current job and Glossly admins/);
  });

  it('refuses positions outside a trip, with sharing off, for another detailer and with bad coordinates', async () => {
    const { booking, detailer } = await trip();
    const accepted = await trip({ status: 'accepted' });
    const unpaid = await trip({ status: 'pending_payment' });
    const valid = { bookingId: booking.id, ...oakland, accuracyMeters: 12 };

    const sharingOff = await postPosition(detailer.user, valid);
    expect(sharingOff.statusCode).toBe(409);
    expect(sharingOff.json()).toMatchObject({ code: 'conflict', message: sharingOffMessage });

    await shareToday(detailer);
    await shareToday(accepted.detailer);
    await shareToday(unpaid.detailer);
    const notOnTrip = await postPosition(accepted.detailer.user, { ...valid, bookingId: accepted.booking.id });
    expect(notOnTrip.statusCode).toBe(409);
    expect(notOnTrip.json().message).toBe(notOnTripMessage);
    // A hold never paid is not the detailer's to know of: it answers like a booking that does not exist.
    expect((await postPosition(unpaid.detailer.user, { ...valid, bookingId: unpaid.booking.id })).statusCode).toBe(404);
    expect((await postPosition(accepted.detailer.user, valid)).statusCode).toBe(404);

    const badBodies = [
      { ...valid, latitude: 90.0001 },
      { ...valid, latitude: -91 },
      { ...valid, longitude: 180.5 },
      { ...valid, longitude: '-122.4' },
      { ...valid, latitude: null },
      { ...valid, accuracyMeters: -1 },
      { ...valid, bookingId: 0 },
      { bookingId: booking.id },
    ];
    for (const body of badBodies) {
      const response = await postPosition(detailer.user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const id of [booking.id, accepted.booking.id, unpaid.booking.id]) expect(await positionsOf(id)).toHaveLength(0);

    expect((await postPosition(detailer.user, valid)).statusCode).toBe(204);
    expect(await positionsOf(booking.id)).toMatchObject([{ ...oakland, accuracyMeters: 12, detailerId: detailer.detailerId }]);
  });

  it('keeps one position per 2 seconds of a trip', async () => {
    const { booking, detailer } = await trip();
    await shareToday(detailer);
    const send = () => postPosition(detailer.user, { bookingId: booking.id, ...oakland });
    expect((await send()).statusCode).toBe(204);
    clock.advance(1.5 * second);
    expect((await send()).statusCode).toBe(204);
    expect(await positionsOf(booking.id)).toHaveLength(1);
    clock.advance(0.5 * second);
    expect((await send()).statusCode).toBe(204);
    expect(await positionsOf(booking.id)).toHaveLength(2);
    clock.set(new Date('2026-11-23T16:00:00Z'));
  });

  it("sends 'Arriving soon' once, when the detailer is within 5 minutes or 500 m", async () => {
    const { booking, detailer } = await trip();
    await shareToday(detailer);
    const at = async (place: { latitude: number; longitude: number }) => {
      clock.advance(5 * second);
      expect((await postPosition(detailer.user, { bookingId: booking.id, ...place })).statusCode).toBe(204);
    };
    await at(oakland);
    expect(await k.arrivalNoticesOf(booking.id)).toHaveLength(0);
    await at(nearJob);
    await at(nearJob);
    await at(jobPlace);
    const notices = await k.arrivalNoticesOf(booking.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ userId: people.customer.id, type: 'service_update' });
    expect(notices[0]!.message).toMatch(/^Detailing \w+ is about 1 minute away$/);
    expect(await positionsOf(booking.id)).toHaveLength(4);
    clock.set(new Date('2026-11-23T16:00:00Z'));
  });

  it('tells the customer and admins of each stored position, after commit, and nobody of a refused one', async () => {
    const { booking, detailer } = await trip();
    await shareToday(detailer);
    const ctx = createTestContext(k.t.db, { gateway: k.t.ctx.gateway, clock });
    await recordPosition(ctx, straightLineEstimator, detailer.user, clock.now(), { bookingId: booking.id, ...oakland });
    expect(ctx.changes).toEqual([
      { change: { topic: 'tracking', id: booking.id }, audience: { userIds: [people.customer.id], roles: ['admin'] } },
    ]);
    await shareToday(detailer, false);
    clock.advance(5 * second);
    await expect(
      recordPosition(ctx, straightLineEstimator, detailer.user, clock.now(), { bookingId: booking.id, ...oakland }),
    ).rejects.toThrow(sharingOffMessage);
    expect(ctx.changes).toHaveLength(1);
    clock.set(new Date('2026-11-23T16:00:00Z'));
  });

  it('shows the trip to its customer and admins: position, arrival time, and paused after 2 minutes', async () => {
    const { booking, detailer } = await trip();
    await shareToday(detailer);
    const read = async (user = people.customer) =>
      (await call(user, 'GET', `/api/bookings/${booking.id}/tracking`)).json() as BookingTracking;

    const before = await read();
    expect(before).toMatchObject({
      bookingId: booking.id,
      status: 'en_route',
      detailer: { name: expect.stringMatching(/^Detailing /), avatarUrl: null, vehicleDescription: '' },
      destination: { address: '1 Market St, San Francisco 94105', ...jobPlace },
      position: null,
      isPaused: false,
      etaMinutes: null,
      distanceMeters: null,
    });

    await postPosition(detailer.user, { bookingId: booking.id, ...oakland });
    const moving = await read();
    expect(moving.position).toEqual({ ...oakland, recordedAt: clock.now().toISOString() });
    // About 10.6 km as the crow flies: 13.7 km of road at 40 km/h, 20.6 minutes.
    expect(moving.distanceMeters).toBe(13_728);
    expect(moving.etaMinutes).toBe(21);
    expect(await read(people.admin)).toEqual(moving);

    clock.advance(2 * 60 * second);
    expect((await read()).isPaused).toBe(false);
    clock.advance(second);
    expect((await read()).isPaused).toBe(true);

    // Sharing off hides the position at once; so does the end of the trip.
    await shareToday(detailer, false);
    expect((await read()).position).toBeNull();
    await shareToday(detailer);
    expect((await read()).position).not.toBeNull();
    await k.t.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, booking.id));
    expect(await read()).toMatchObject({ status: 'completed', position: null, isPaused: false, etaMinutes: null });
    clock.set(new Date('2026-11-23T16:00:00Z'));
  });

  it('shows the position but no arrival time once the job is in progress, and no destination when unlocated', async () => {
    const working = await trip({ status: 'in_progress' });
    await shareToday(working.detailer);
    await postPosition(working.detailer.user, { bookingId: working.booking.id, ...jobPlace });
    const answer = (await call(people.customer, 'GET', `/api/bookings/${working.booking.id}/tracking`)).json() as BookingTracking;
    expect(answer).toMatchObject({ status: 'in_progress', position: jobPlace, etaMinutes: null, distanceMeters: 0 });

    const unlocated = await trip({ located: false });
    await shareToday(unlocated.detailer);
    await postPosition(unlocated.detailer.user, { bookingId: unlocated.booking.id, ...oakland });
    const noPlace = (await call(people.customer, 'GET', `/api/bookings/${unlocated.booking.id}/tracking`)).json() as BookingTracking;
    expect(noPlace).toMatchObject({ destination: null, position: oakland, etaMinutes: null, distanceMeters: null });
    expect(await k.arrivalNoticesOf(unlocated.booking.id)).toHaveLength(0);
  });

  it("answers the customer's current trip, else their next booking", async () => {
    const { otherCustomer } = people;
    const empty = (await call(otherCustomer, 'GET', '/api/tracking/current')).json() as CurrentTracking;
    expect(empty).toEqual({ tracking: null, nextBooking: null });

    const upcoming = await trip({ status: 'accepted', customer: otherCustomer });
    const next = (await call(otherCustomer, 'GET', '/api/tracking/current')).json() as CurrentTracking;
    expect(next).toEqual({
      tracking: null,
      nextBooking: {
        id: upcoming.booking.id,
        serviceName: expect.stringMatching(/^Wash /),
        detailerBusinessName: expect.stringMatching(/^Detailing /),
        startsAt: upcoming.booking.startsAt.toISOString(),
        timeZone: 'America/Los_Angeles',
        status: 'accepted',
      },
    });

    const onItsWay = await trip({ customer: otherCustomer });
    const current = (await call(otherCustomer, 'GET', '/api/tracking/current')).json() as CurrentTracking;
    expect(current.nextBooking).toBeNull();
    expect(current.tracking).toMatchObject({ bookingId: onItsWay.booking.id, status: 'en_route' });
  });
});
