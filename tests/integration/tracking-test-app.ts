import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { BookingStatus } from '@core/domain/booking-status.ts';
import { detailerPositions, notifications } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, type DatabaseKind, type TestApp } from './test-app.ts';

/** 1 Market St's ZIP code, 94105, at its centre: where the trips of these tests go. */
export const jobPlace = { latitude: 37.7864, longitude: -122.3892 };
/** About 300 m west of the job: within 500 m, so 'Arriving soon'. */
export const nearJob = { latitude: 37.7864, longitude: -122.3926 };
/** Oakland, about 10.6 km away: 21 minutes by the straight-line estimate. */
export const oakland = { latitude: 37.8044, longitude: -122.2712 };

/**
 * The app of the tracking tests, its people and its trips. The clock stands on Monday 2026-11-23, 8:00 AM in Los
 * Angeles (16:00 UTC), the detailers' time zone; tests that move it put it back.
 */
export function useTrackingTestApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  let t: TestApp;
  const clock = createTestClock();
  const people = {} as { customer: UserRow; otherCustomer: UserRow; admin: UserRow };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env });
    people.customer = await createCustomer(t.ctx, { password: undefined, name: 'Jane Doe' });
    people.otherCustomer = await createCustomer(t.ctx, { password: undefined });
    people.admin = await createAdmin(t.ctx, { password: undefined });
  });
  afterAll(() => t.close());

  const { call } = createCaller(() => t, clock);

  /** A detailer of their own per test: trips of one detailer would overlap, and sharing is per detailer. */
  const newDetailer = (businessName?: string) => createDetailer(t.ctx, { user: { password: undefined }, businessName });

  /**
   * The customer's booking with a new detailer, an hour from now, in the given status, located at 94105 (street-precise
   * unless `precision` says it is only the ZIP code's centre).
   */
  async function trip(options: { status?: BookingStatus; located?: boolean; customer?: UserRow; precision?: 'street' | 'zip' } = {}) {
    const detailer = await newDetailer();
    const startsAt = new Date(clock.now().getTime() + 60 * 60_000);
    const booking = await createBooking(t.ctx, {
      customerId: (options.customer ?? people.customer).id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: options.status ?? 'en_route',
      startsAt,
      ...(options.located === false ? {} : { ...jobPlace, placePrecision: options.precision ?? 'street' }),
    });
    return { booking, detailer };
  }

  async function shareToday(detailer: { user: UserRow }, enabled = true) {
    const response = await call(detailer.user, 'PUT', '/api/detailer/location-sharing', { enabled });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const postPosition = (user: UserRow | null, body: object) => call(user, 'POST', '/api/detailer/positions', body);

  return {
    clock,
    people,
    get t() {
      return t;
    },
    call,
    newDetailer,
    trip,
    shareToday,
    postPosition,
    positionsOf: (bookingId: number) => t.db.select().from(detailerPositions).where(eq(detailerPositions.bookingId, bookingId)),
    arrivalNoticesOf: async (bookingId: number) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(eq(notifications.entityId, String(bookingId)))
      ).filter((n) => n.title === 'Arriving soon'),
  };
}
