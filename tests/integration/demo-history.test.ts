import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { BusinessStats } from '@core/schemas/business-stats.ts';
import {
  bookingEvents,
  bookingPhotos,
  bookings,
  detailerLedger,
  detailers,
  notifications,
  payments,
  payouts,
  reviews,
  tips,
  users,
} from '../../server/db/schema.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { seedDemoHistory, type DemoHistoryResult } from '../../server/seed/demo-history.ts';
import { demoAccounts } from '../../server/seed/seed-data.ts';
import { findUserByEmail } from '../../server/identity/user-service.ts';
import { createMemoryStorage } from '../../server/storage/object-storage.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

// Wednesday 2026-11-25, 10:00 AM in Los Angeles: the seeding moment, fixed so the story is the same every run.
const seedNow = new Date('2026-11-25T18:00:00Z');

describe.each(databaseKinds)('demo history on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(seedNow);
  const { call } = createCaller(() => t, clock);
  let first: DemoHistoryResult;
  let demoDetailerId: number;

  const counts = async () => {
    const table = async (
      from:
        | typeof bookings
        | typeof payments
        | typeof detailerLedger
        | typeof payouts
        | typeof reviews
        | typeof tips
        | typeof bookingPhotos
        | typeof users,
    ) => (await t.db.select({ n: count() }).from(from))[0]!.n;
    return {
      bookings: await table(bookings),
      payments: await table(payments),
      ledger: await table(detailerLedger),
      payouts: await table(payouts),
      reviews: await table(reviews),
      tips: await table(tips),
      photos: await table(bookingPhotos),
      users: await table(users),
    };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    await seedDatabase(t.ctx);
    first = await seedDemoHistory(t.ctx, { now: seedNow, storage: createMemoryStorage(), config: t.config });
    const detailerUser = await findUserByEmail(t.db, demoAccounts.detailer.email);
    const [profile] = await t.db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, detailerUser!.id));
    demoDetailerId = profile!.id;
  }, 300_000);
  afterAll(() => t?.close());

  it('walks six months of jobs to completion, with upcoming and requested ones for the demo detailer (timed)', async () => {
    console.info(`demo history on ${kind}: ${first.completed} completed, ${first.upcoming} upcoming in ${first.ms} ms`);
    expect(first.skipped).toBe(false);
    // 4 to 8 a week over 26 weeks, fewer where two landed on one detailer's day.
    expect(first.completed).toBeGreaterThan(90);
    expect(first.completed).toBeLessThan(27 * 8);
    expect(first.upcoming).toBe(5);
    const statuses = await t.db
      .select({ status: bookings.status, n: count() })
      .from(bookings)
      .where(eq(bookings.detailerId, demoDetailerId))
      .groupBy(bookings.status);
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.n]));
    expect(byStatus.accepted).toBe(3);
    expect(byStatus.requested).toBe(2);
    expect(byStatus.completed).toBeGreaterThan(30);
    // Every completed job has its proof photo; the past is dated in the past.
    const [unproven] = await t.db
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'completed'),
          sql`not exists (select 1 from ${bookingPhotos} where ${bookingPhotos.bookingId} = ${bookings.id})`,
        ),
      );
    expect(unproven!.n).toBe(0);
    const [earliest] = await t.db.select({ at: sql<string>`min(${bookings.startsAt})` }).from(bookings);
    expect(new Date(earliest!.at).getTime()).toBeLessThan(seedNow.getTime() - 150 * 86_400_000);
    // The demo customer has a past with reviews and a job coming up (My Bookings).
    const customer = await findUserByEmail(t.db, demoAccounts.customer.email);
    const mine = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.customerId, customer!.id));
    expect(mine.filter((b) => b.status === 'completed').length).toBeGreaterThan(10);
    expect(mine.some((b) => b.status === 'accepted')).toBe(true);
    // Past notices are not left unread by the thousand; the new requests' are.
    const [notices] = await t.db.select({ n: count() }).from(notifications);
    expect(notices!.n).toBeLessThan(30);
  });

  it('pays detailers through weekly payouts and keeps every ledger adding up', async () => {
    // Each captured job and tip has its ledger row (the earnings sync), split with the 15 % commission.
    const [unsynced] = await t.db
      .select({ n: count() })
      .from(payments)
      .leftJoin(detailerLedger, eq(detailerLedger.paymentId, payments.id))
      .where(and(sql`${payments.kind} in ('capture', 'tip')`, eq(payments.status, 'succeeded'), isNull(detailerLedger.id)));
    expect(unsynced!.n).toBe(0);
    const jobs = await t.db.select().from(detailerLedger).where(eq(detailerLedger.kind, 'job'));
    for (const row of jobs) expect(row.commissionCents).toBe(Math.round(row.grossCents * 0.15));
    // A balance is what was earned minus what was paid out: never negative, and below two weeks of work.
    const balances = await t.db
      .select({ detailerId: detailerLedger.detailerId, balance: sum(detailerLedger.amountCents).mapWith(Number) })
      .from(detailerLedger)
      .groupBy(detailerLedger.detailerId);
    for (const { balance } of balances) expect(balance).toBeGreaterThanOrEqual(0);
    const [paid] = await t.db
      .select({ n: count(), total: sum(payouts.amountCents).mapWith(Number) })
      .from(payouts)
      .where(eq(payouts.status, 'paid'));
    const [payoutRows] = await t.db
      .select({ total: sum(detailerLedger.amountCents).mapWith(Number) })
      .from(detailerLedger)
      .where(eq(detailerLedger.kind, 'payout'));
    expect(paid!.n).toBeGreaterThan(20);
    expect(payoutRows!.total).toBe(-paid!.total);
    const [tipCount] = await t.db.select({ n: count() }).from(tips).where(eq(tips.status, 'succeeded'));
    expect(tipCount!.n).toBeGreaterThan(5);
  });

  it('publishes reviews (both sides, or the window closed) and keeps the recent ones blind', async () => {
    const [published] = await t.db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.authorRole, 'customer'), isNotNull(reviews.publishedAt)));
    expect(published!.n).toBeGreaterThan(50);
    const [lateUnpublished] = await t.db
      .select({ n: count() })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .where(and(isNull(reviews.publishedAt), sql`${bookings.completedAt} < ${new Date(seedNow.getTime() - 15 * 86_400_000)}`));
    expect(lateUnpublished!.n).toBe(0);
  });

  it("fills the demo detailer's dashboard from the ledger", async () => {
    const detailerUser = await findUserByEmail(t.db, demoAccounts.detailer.email);
    const response = await call(detailerUser!, 'GET', '/api/detailer/stats?period=6m');
    const stats = response.json<BusinessStats>();
    expect(stats.revenueSource).toBe('ledger');
    expect(stats.completedBookings).toBeGreaterThan(30);
    expect(stats.bookingsByService.length).toBeGreaterThan(3);
    expect(stats.ratingByMonth.filter((m) => m.reviewCount > 0).length).toBeGreaterThanOrEqual(5);
    expect(stats.repeatCustomers.repeat).toBeGreaterThan(0);
  });

  it("tells every booking's story in time order: each step after the one before ('Accepted' never before 'Requested')", async () => {
    const events = await t.db
      .select({ bookingId: bookingEvents.bookingId, id: bookingEvents.id, toStatus: bookingEvents.toStatus, at: bookingEvents.createdAt })
      .from(bookingEvents)
      .orderBy(bookingEvents.bookingId, bookingEvents.id);
    expect(events.length).toBeGreaterThan(0);
    const outOfOrder = events.filter((event, index) => {
      const previous = events[index - 1];
      return previous?.bookingId === event.bookingId && event.at < previous.at;
    });
    expect(outOfOrder.map((event) => `booking ${event.bookingId}: ${event.toStatus} at ${event.at.toISOString()}`)).toEqual([]);
    // And nothing happened after the seeding moment.
    expect(events.filter((event) => event.at > seedNow)).toEqual([]);
  });

  it('adds nothing on a second start', async () => {
    const before = await counts();
    const again = await seedDemoHistory(t.ctx, {
      now: new Date(seedNow.getTime() + 86_400_000),
      storage: createMemoryStorage(),
      config: t.config,
    });
    expect(again.skipped).toBe(true);
    await seedDatabase(t.ctx);
    expect(await counts()).toEqual(before);
  });
});
