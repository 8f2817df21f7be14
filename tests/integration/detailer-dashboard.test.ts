import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailerDashboardSchema, type DetailerDashboard } from '@core/schemas/dashboard.ts';
import { bookingEvents, detailerLedger } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking, createDetailer } from '../factories/index.ts';
import { createDetailerCast } from '../factories/detailer-cast.ts';
import { createTestApp, createTestClock, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

type DetailerCast = Awaited<ReturnType<typeof createDetailer>>;

// The detailer's dashboard (issue 17, decision 021): today's jobs in order, requests with their deadline, the week's
// earnings from the ledger, the acceptance rate over 90 days and the rating; only the detailer's own.
describe.each(databaseKinds)('Detailer dashboard on %s', (kind) => {
  let t: TestApp;
  // Monday 2026-11-23, 8:00 AM in Los Angeles.
  const clock = createTestClock();
  const at = (iso: string) => new Date(iso);
  const cast = {} as { me: DetailerCast; other: DetailerCast; customer: UserRow; admin: UserRow };
  const ids = {} as { tenAm: number; noon: number; laterRequest: number; soonRequest: number; othersJob: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    Object.assign(cast, await createDetailerCast(t.ctx));
    const mine = { customerId: cast.customer.id, detailerId: cast.me.detailerId, serviceId: cast.me.serviceId };
    // Today: noon accepted (made first), 10 AM on the way; tomorrow's and a completed one are not today's jobs.
    ids.noon = (await createBooking(t.ctx, { ...mine, status: 'accepted', startsAt: at('2026-11-23T20:00:00Z') })).id;
    ids.tenAm = (await createBooking(t.ctx, { ...mine, status: 'en_route', startsAt: at('2026-11-23T18:00:00Z') })).id;
    await createBooking(t.ctx, { ...mine, status: 'accepted', startsAt: at('2026-11-24T18:00:00Z') });
    const past = await createBooking(t.ctx, { ...mine, status: 'completed', startsAt: at('2026-11-10T18:00:00Z') });
    // Requests: one made 2 hours ago for next week (12 hours to answer), one for 2 PM today (answer by its start).
    ids.laterRequest = (
      await createBooking(t.ctx, {
        ...mine,
        status: 'requested',
        startsAt: at('2026-11-30T18:00:00Z'),
        createdAt: at('2026-11-23T14:00:00Z'),
      })
    ).id;
    ids.soonRequest = (
      await createBooking(t.ctx, {
        ...mine,
        status: 'requested',
        startsAt: at('2026-11-23T22:00:00Z'),
        createdAt: at('2026-11-23T15:00:00Z'),
      })
    ).id;
    ids.othersJob = (
      await createBooking(t.ctx, {
        customerId: cast.customer.id,
        detailerId: cast.other.detailerId,
        serviceId: cast.other.serviceId,
        status: 'accepted',
        startsAt: at('2026-11-23T19:00:00Z'),
      })
    ).id;

    // The ledger: Monday 1 AM (this week), a tip now, a refund (not earnings), Sunday 11 PM (last week), another's.
    await t.db.insert(detailerLedger).values([
      {
        detailerId: cast.me.detailerId,
        kind: 'job',
        grossCents: 5900,
        commissionCents: 885,
        amountCents: 5015,
        createdAt: at('2026-11-23T09:00:00Z'),
      },
      { detailerId: cast.me.detailerId, kind: 'tip', grossCents: 500, amountCents: 500, createdAt: at('2026-11-23T15:30:00Z') },
      { detailerId: cast.me.detailerId, kind: 'refund', grossCents: -1000, amountCents: -1000, createdAt: at('2026-11-23T15:40:00Z') },
      { detailerId: cast.me.detailerId, kind: 'job', grossCents: 9999, amountCents: 9999, createdAt: at('2026-11-23T07:00:00Z') },
      { detailerId: cast.other.detailerId, kind: 'job', grossCents: 7000, amountCents: 7000, createdAt: at('2026-11-23T15:00:00Z') },
    ]);

    // Answers: 3 accepted, 1 declined, 1 expired in the last 90 days; one accepted 100 days ago does not count.
    const answer = (toStatus: 'accepted' | 'declined' | 'expired', daysAgo: number) => ({
      bookingId: past.id,
      action: toStatus === 'accepted' ? 'accept' : toStatus === 'declined' ? 'decline' : 'expire',
      fromStatus: 'requested' as const,
      toStatus,
      createdAt: new Date(clock.now().getTime() - daysAgo * 86_400_000),
    });
    await t.db
      .insert(bookingEvents)
      .values([
        answer('accepted', 1),
        answer('accepted', 10),
        answer('accepted', 89),
        answer('declined', 5),
        answer('expired', 20),
        answer('accepted', 100),
      ]);
  });
  afterAll(() => t?.close());

  async function dashboardOf(user: { id: number }) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/detailer/dashboard',
      headers: { cookie: await signedInCookie(t.db, user, clock.now()) },
    });
    return response;
  }
  const readDashboard = async (user: { id: number }): Promise<DetailerDashboard> => {
    const response = await dashboardOf(user);
    expect(response.statusCode, response.body).toBe(200);
    return detailerDashboardSchema.parse(response.json());
  };

  it("[DETAILER] shows today's jobs in time order with what to do next", async () => {
    const dashboard = await readDashboard(cast.me.user);
    expect(dashboard).toMatchObject({ today: '2026-11-23', timeZone: 'America/Los_Angeles', weekStartsOn: '2026-11-23' });
    expect(dashboard.todayJobs.map((job) => job.id)).toEqual([ids.tenAm, ids.noon]);
    expect(dashboard.todayJobs[0]).toMatchObject({
      time: '10:00 AM',
      address: '1 Market St',
      customerName: cast.customer.name,
      vehicleType: 'Sedan',
    });
    expect(dashboard.todayJobs[0]!.allowedActions).toContain('start');
    expect(dashboard.todayJobs[1]!.allowedActions).toContain('start-route');
  });

  it('[DETAILER] lists requests, the one to answer first first, each with its deadline', async () => {
    const { requests } = await readDashboard(cast.me.user);
    expect(requests.map((r) => r.booking.id)).toEqual([ids.soonRequest, ids.laterRequest]);
    // By its start (2:00 PM today), sooner than 12 hours after it was made.
    expect(requests[0]!.answerBy).toBe('2026-11-23T22:00:00.000Z');
    // 12 hours after it was made.
    expect(requests[1]!.answerBy).toBe('2026-11-24T02:00:00.000Z');
    expect(requests[0]!.booking.allowedActions).toEqual(expect.arrayContaining(['accept', 'decline']));
  });

  it("[DETAILER] counts this week's job and tip earnings, the acceptance rate over 90 days and the rating", async () => {
    const dashboard = await readDashboard(cast.me.user);
    expect(dashboard.weekEarningsCents).toBe(5015 + 500);
    expect(dashboard.acceptance).toEqual({ accepted: 3, declined: 1, expired: 1, ratePercent: 60 });
    expect(dashboard).toMatchObject({ rating: 4.5, reviewCount: 10, businessName: expect.stringMatching(/^Detailing /) });
  });

  it('[DETAILER] another detailer sees only their own; a new one sees zeros and no rate', async () => {
    const theirs = await readDashboard(cast.other.user);
    expect(theirs.todayJobs.map((job) => job.id)).toEqual([ids.othersJob]);
    expect(theirs.requests).toEqual([]);
    expect(theirs.weekEarningsCents).toBe(7000);
    expect(theirs.acceptance).toEqual({ accepted: 0, declined: 0, expired: 0, ratePercent: null });
    const fresh = await readDashboard((await createDetailer(t.ctx)).user);
    expect(fresh).toMatchObject({ todayJobs: [], requests: [], weekEarningsCents: 0 });
  });

  it('[CUSTOMER] customers and admins are refused; visitors must sign in', async () => {
    expect((await dashboardOf(cast.customer)).statusCode).toBe(403);
    expect((await dashboardOf(cast.admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/detailer/dashboard' })).statusCode).toBe(401);
  });

  it('[DETAILER] a job moves on the dashboard as it moves: accepted requests leave the requests', async () => {
    clock.set(at('2026-11-23T16:30:00Z'));
    const cookie = await signedInCookie(t.db, cast.me.user, clock.now());
    const accepted = await t.app.inject({ method: 'POST', url: `/api/bookings/${ids.soonRequest}/accept`, headers: { cookie } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const dashboard = await readDashboard(cast.me.user);
    expect(dashboard.requests.map((r) => r.booking.id)).toEqual([ids.laterRequest]);
    expect(dashboard.todayJobs.map((job) => job.id)).toEqual([ids.tenAm, ids.noon, ids.soonRequest]);
    expect(dashboard.acceptance).toMatchObject({ accepted: 4, ratePercent: 67 });
  });
});
