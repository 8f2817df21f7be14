import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessStats } from '@core/schemas/business-stats.ts';
import { eq } from 'drizzle-orm';
import { detailerLedger, detailers, reviews } from '../../server/db/schema.ts';
import { recomputeDetailerRating } from '../../server/reviews/review-publication.ts';
import { ensureService } from '../../server/catalog/catalog-admin-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

type DetailerCast = Awaited<ReturnType<typeof createDetailer>>;

// Monday 2026-11-23, 8:00 AM in Los Angeles. The 12-week window starts Monday 2026-09-07, the 4-week one 2026-11-02
// and the six-month one 2026-06-01 (midnight in Los Angeles).
const now = new Date('2026-11-23T16:00:00Z');

describe.each(databaseKinds)('business stats on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(now);
  const { call } = createCaller(() => t, clock);
  const cast = {} as { me: DetailerCast; other: DetailerCast; interiorId: number; a: UserRow; b: UserRow; c: UserRow; admin: UserRow };
  const ids = {} as Record<'a1' | 'a2' | 'b1' | 'old' | 'upcoming' | 'otherJob', number>;

  const stats = async (user: { id: number } | null, query = '') => call(user, 'GET', `/api/detailer/stats${query}`);
  const statsOf = async (query = '') => {
    const response = await stats(cast.me.user, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BusinessStats>();
  };

  async function job(
    detailer: DetailerCast,
    customer: UserRow,
    startsAt: string,
    options: { serviceId?: number; status?: 'completed' | 'accepted' | 'cancelled' } = {},
  ) {
    const status = options.status ?? 'completed';
    const row = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: options.serviceId ?? detailer.serviceId,
      startsAt: new Date(startsAt),
      status,
      completedAt: status === 'completed' ? new Date(new Date(startsAt).getTime() + 3_600_000) : null,
    });
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    cast.me = await createDetailer(t.ctx, { service: { name: 'Exterior Wash', priceCents: 5900 } });
    cast.other = await createDetailer(t.ctx);
    cast.interiorId = await ensureService(t.ctx, cast.me.detailerId, {
      name: 'Interior Detail',
      description: 'Inside',
      categoryId: cast.me.categoryId,
      priceCents: 12900,
      durationMinutes: 120,
      imageUrl: null,
    });
    cast.a = await createCustomer(t.ctx, { password: undefined });
    cast.b = await createCustomer(t.ctx, { password: undefined });
    cast.c = await createCustomer(t.ctx, { password: undefined });
    cast.admin = await createAdmin(t.ctx, { password: undefined });
    // Tuesday 10 AM (week of 11-09), Tuesday 9 AM and Wednesday 1 PM (week of 11-16), all Los Angeles time.
    ids.a1 = await job(cast.me, cast.a, '2026-11-10T18:00:00Z');
    ids.a2 = await job(cast.me, cast.a, '2026-11-17T17:00:00Z');
    ids.b1 = await job(cast.me, cast.b, '2026-11-18T21:00:00Z', { serviceId: cast.interiorId });
    // Inside six months, outside twelve weeks.
    ids.old = await job(cast.me, cast.c, '2026-08-04T17:00:00Z');
    // Wednesday 2 PM this week: busy, not revenue.
    ids.upcoming = await job(cast.me, cast.c, '2026-11-25T22:00:00Z', { status: 'accepted' });
    await job(cast.me, cast.b, '2026-11-19T17:00:00Z', { status: 'cancelled' });
    ids.otherJob = await job(cast.other, cast.a, '2026-11-17T17:00:00Z');
  });
  afterAll(() => t?.close());

  it('refuses the signed out (401), customers and admins (403), and a bad period (400 naming it)', async () => {
    expect((await stats(null)).statusCode).toBe(401);
    expect((await stats(cast.a)).statusCode).toBe(403);
    expect((await stats(cast.admin)).statusCode).toBe(403);
    const bad = await stats(cast.me.user, '?period=1y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('period');
    expect(bad.json().message).toContain('period');
  });

  it('counts from completed bookings while the ledger is empty, and says so', async () => {
    const figures = await statsOf('?period=12w');
    expect(figures.revenueSource).toBe('bookings');
    expect(figures.timeZone).toBe('America/Los_Angeles');
    expect(figures.from).toBe('2026-09-07T07:00:00.000Z');
    expect(figures.revenueByWeek).toHaveLength(12);
    expect(figures.revenueByWeek.at(-1)).toEqual({ weekStart: '2026-11-23', amountCents: 0 });
    const weeks = Object.fromEntries(figures.revenueByWeek.map((w) => [w.weekStart, w.amountCents]));
    expect(weeks['2026-11-09']).toBe(5900);
    expect(weeks['2026-11-16']).toBe(5900 + 12900);
    expect(figures.totalRevenueCents).toBe(24700);
    expect(figures.completedBookings).toBe(3);
    expect(figures.bookingsByService).toEqual([
      { serviceId: cast.me.serviceId, serviceName: 'Exterior Wash', count: 2, revenueCents: 11800 },
      { serviceId: cast.interiorId, serviceName: 'Interior Detail', count: 1, revenueCents: 12900 },
    ]);
    expect(figures.repeatCustomers).toEqual({ repeat: 1, total: 2 });
    // Weekday 2 = Tuesday, 3 = Wednesday; the cancelled job is not busy, the accepted one is.
    expect(figures.busyHours).toEqual([
      { weekday: 2, hour: 9, count: 1 },
      { weekday: 2, hour: 10, count: 1 },
      { weekday: 3, hour: 13, count: 1 },
      { weekday: 3, hour: 14, count: 1 },
    ]);
  });

  it("uses the ledger's net job and tip rows once there are any", async () => {
    const net = (gross: number) => gross - Math.round(gross * 0.15);
    const row = (bookingId: number, kind: 'job' | 'tip', gross: number, detailerId = cast.me.detailerId) => ({
      detailerId,
      bookingId,
      kind,
      grossCents: gross,
      commissionCents: kind === 'job' ? gross - net(gross) : 0,
      amountCents: kind === 'job' ? net(gross) : gross,
    });
    await t.db
      .insert(detailerLedger)
      .values([
        row(ids.a1, 'job', 5900),
        row(ids.a2, 'job', 5900),
        row(ids.b1, 'job', 12900),
        row(ids.b1, 'tip', 1000),
        row(ids.otherJob, 'job', 5900, cast.other.detailerId),
      ]);
    const figures = await statsOf('?period=12w');
    expect(figures.revenueSource).toBe('ledger');
    const weeks = Object.fromEntries(figures.revenueByWeek.map((w) => [w.weekStart, w.amountCents]));
    expect(weeks['2026-11-09']).toBe(5015);
    expect(weeks['2026-11-16']).toBe(5015 + 10965 + 1000);
    expect(figures.totalRevenueCents).toBe(5015 + 5015 + 10965 + 1000);
  });

  it('averages published, visible customer reviews per month', async () => {
    const review = (
      bookingId: number,
      customer: UserRow,
      rating: number,
      createdAt: string,
      extra: Partial<typeof reviews.$inferInsert> = {},
    ) => ({
      bookingId,
      authorRole: 'customer' as const,
      authorUserId: customer.id,
      detailerId: cast.me.detailerId,
      customerId: customer.id,
      rating,
      createdAt: new Date(createdAt),
      publishedAt: new Date(createdAt),
      ...extra,
    });
    await t.db.insert(reviews).values([
      review(ids.a2, cast.a, 5, '2026-11-17T20:00:00Z'),
      review(ids.b1, cast.b, 4, '2026-11-18T23:00:00Z'),
      // Hidden by an admin, not yet published, written by the detailer, about another detailer: none of them count.
      review(ids.a1, cast.a, 1, '2026-11-11T20:00:00Z', { hiddenAt: now, hiddenReason: 'Abusive' }),
      review(ids.upcoming, cast.c, 1, '2026-11-20T20:00:00Z', { publishedAt: null }),
      review(ids.b1, cast.b, 2, '2026-11-18T23:00:00Z', { authorRole: 'detailer', authorUserId: cast.me.user.id }),
      review(ids.otherJob, cast.a, 1, '2026-11-17T20:00:00Z', { detailerId: cast.other.detailerId }),
      review(ids.old, cast.c, 3, '2026-08-05T20:00:00Z'),
    ]);
    const figures = await statsOf('?period=12w');
    expect(figures.ratingByMonth).toEqual([
      { month: '2026-09', averageRating: null, reviewCount: 0 },
      { month: '2026-10', averageRating: null, reviewCount: 0 },
      { month: '2026-11', averageRating: 4.5, reviewCount: 2 },
    ]);
    const half = await statsOf('?period=6m');
    expect(half.ratingByMonth.find((m) => m.month === '2026-08')).toEqual({ month: '2026-08', averageRating: 3, reviewCount: 1 });
  });

  it("names the rating customers see, from the same row as the public profile (one source: never '4.6 from 47' beside '4.8 (261)')", async () => {
    // A detailer with reviews from before Glossly (the history) and Glossly's own: the public figure counts both.
    await t.db.update(detailers).set({ historyRating: 4.8, historyReviewCount: 214 }).where(eq(detailers.id, cast.me.detailerId));
    await t.ctx.transaction((tx) => recomputeDetailerRating(tx, cast.me.detailerId));
    const profile = (await call(null, 'GET', `/api/detailers/${cast.me.detailerId}`)).json() as {
      rating: number | string;
      reviewCount: number;
    };
    const figures = await statsOf('?period=12w');
    expect(figures.rating).toEqual({ average: Number(profile.rating), reviewCount: profile.reviewCount });
    expect(figures.rating.reviewCount).toBeGreaterThan(214);
  });

  it('follows the period: four weeks, six months, and twelve weeks by default', async () => {
    const four = await statsOf('?period=4w');
    expect(four.revenueByWeek.map((w) => w.weekStart)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
    expect(four.completedBookings).toBe(3);
    const half = await statsOf('?period=6m');
    expect(half.revenueByWeek).toHaveLength(26);
    expect(half.completedBookings).toBe(4);
    expect(half.repeatCustomers).toEqual({ repeat: 1, total: 3 });
    expect(half.busyHours).toContainEqual({ weekday: 2, hour: 10, count: 2 });
    expect((await statsOf()).period).toBe('12w');
  });

  it("shows a new detailer nothing of anyone else's", async () => {
    const newcomer = await createDetailer(t.ctx);
    const response = await stats(newcomer.user, '?period=12m');
    const figures = response.json<BusinessStats>();
    expect(figures.revenueByWeek).toHaveLength(52);
    expect(figures.totalRevenueCents).toBe(0);
    expect(figures.bookingsByService).toEqual([]);
    expect(figures.busyHours).toEqual([]);
    expect(figures.repeatCustomers).toEqual({ repeat: 0, total: 0 });
    expect(figures.ratingByMonth.every((m) => m.reviewCount === 0)).toBe(true);
  });
});
