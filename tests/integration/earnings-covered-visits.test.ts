import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Earnings } from '@core/schemas/earnings.ts';
import { claimWindowHours, coveredVisitCreditAt } from '@core/domain/after-the-job.ts';
import { bookingPrice } from '@core/domain/pricing.ts';
import { bookings, claims, coveredVisitFlags, detailerLedger, notifications, payments, payouts } from '../../server/db/schema.ts';
import { coveredVisitFlagTitle, flagFrequentCoveredVisits } from '../../server/memberships/visits/covered-visit-flags.ts';
import { syncEarnings } from '../../server/business/earnings-sync.ts';
import { runPayouts } from '../../server/business/payout-run.ts';
import { createAdmin, createBooking, createDetailer } from '../factories/index.ts';
import { runVisitScheduler } from '../../server/memberships/visits/visit-scheduler-job.ts';
import { databaseKinds } from './test-app.ts';
import { useVisitTestApp } from './membership-visits-setup.ts';
import { completeJob } from '../factories/job-day.ts';

/**
 * Decision 022: a visit the membership covers is funded by the platform, so the detailer earns it like a paid job;
 * decision 043: only once the member's claim window has passed with no claim open or upheld.
 */
describe.each(databaseKinds)('earnings of covered visits on %s', (kind) => {
  const { app, clock, call, member, bookingsOf } = useVisitTestApp(kind);
  const rowsOf = (detailerId: number) => app().db.select().from(detailerLedger).where(eq(detailerLedger.detailerId, detailerId));

  /** A member's covered visit, booked by the scheduler for Friday 2026-11-27. */
  async function coveredVisit(detailer?: Awaited<ReturnType<typeof createDetailer>>) {
    const m = await member(detailer ? { detailer } : {});
    const set = await call(m.customer, 'PUT', `/api/memberships/${m.membership.id}/visit-rhythm`, m.rhythm);
    expect(set.statusCode, set.body).toBe(200);
    await runVisitScheduler(app().ctx, clock.now());
    const [booking] = await bookingsOf(m.membership.id);
    expect(booking).toMatchObject({ status: 'requested', totalCents: 0 });
    expect(booking!.discountCents).toBe(booking!.priceCents + booking!.vehicleSurchargeCents);
    return { ...m, booking: booking! };
  }

  async function complete(v: Awaited<ReturnType<typeof coveredVisit>>) {
    await completeJob({
      ctx: app().ctx,
      clock,
      detailer: v.detailer.user,
      booking: v.booking,
      post: (path) => call(v.detailer.user, 'POST', path),
    });
  }

  /** Past the member's claim window (48 hours after completion): the held credit is due. */
  const afterClaimWindow = () => clock.advance(claimWindowHours * 3_600_000);

  it('earns a completed covered visit once its claim window has passed, once even when two sync passes run at once, with the gross not reduced', async () => {
    const v = await coveredVisit();
    await complete(v);
    expect(await app().db.select().from(payments).where(eq(payments.bookingId, v.booking.id))).toEqual([]);
    const [done] = await app().db.select().from(bookings).where(eq(bookings.id, v.booking.id));

    // Held while the member may still report a problem: pending on the earnings screen, with the day it is due.
    expect((await syncEarnings(app().db, clock.now())).written).toBe(0);
    const pending = (await call(v.detailer.user, 'GET', '/api/detailer/earnings')).json() as Earnings;
    expect(pending).toMatchObject({ balanceCents: 0, hasActivity: true });
    expect(pending.pendingCredits).toEqual([
      {
        bookingId: v.booking.id,
        serviceName: expect.any(String),
        completedAt: done!.completedAt!.toISOString(),
        availableAt: coveredVisitCreditAt(done!.completedAt!).toISOString(),
        amountCents: 5015,
        status: 'pending',
      },
    ]);
    clock.advance(claimWindowHours * 3_600_000 - 60_000);
    expect((await syncEarnings(app().db, clock.now())).written).toBe(0);
    clock.advance(60_000);

    const results = await Promise.all([syncEarnings(app().db, clock.now()), syncEarnings(app().db, clock.now())]);
    expect(results.reduce((n, r) => n + r.written, 0)).toBe(1);
    expect((await syncEarnings(app().db, clock.now())).written).toBe(0);

    const rows = await rowsOf(v.detailer.detailerId);
    // The platform funds the visit: gross is price + surcharge ($59), 15 % commission as on a paid job.
    expect(rows.map((r) => [r.kind, r.bookingId, r.paymentId, r.grossCents, r.commissionCents, r.amountCents])).toEqual([
      ['job', v.booking.id, null, 5900, 885, 5015],
    ]);
    expect(rows[0]!.grossCents).toBe(v.booking.priceCents + v.booking.vehicleSurchargeCents);
    // Dated when it became available, not when the job was done.
    expect(rows[0]!.createdAt.toISOString()).toBe(coveredVisitCreditAt(done!.completedAt!).toISOString());

    // The earnings screen (which syncs too) counts it like any job, once.
    const response = await call(v.detailer.user, 'GET', '/api/detailer/earnings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as Earnings).toMatchObject({ balanceCents: 5015, hasActivity: true, pendingCredits: [] });
    expect(await rowsOf(v.detailer.detailerId)).toHaveLength(1);
  });

  it('earns nothing for a covered visit that was cancelled', async () => {
    const v = await coveredVisit();
    clock.set(new Date('2026-11-26T18:00:00Z'));
    const skipped = await call(v.customer, 'POST', `/api/memberships/${v.membership.id}/visits/skip`, { dueOn: '2026-11-27' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const [booking] = await app().db.select().from(bookings).where(eq(bookings.id, v.booking.id));
    expect(booking!.status).toBe('cancelled');

    await Promise.all([syncEarnings(app().db, clock.now()), syncEarnings(app().db, clock.now())]);
    expect(await rowsOf(v.detailer.detailerId)).toEqual([]);
    const response = await call(v.detailer.user, 'GET', '/api/detailer/earnings');
    expect(response.json() as Earnings).toMatchObject({ balanceCents: 0, hasActivity: false });
  });

  it('earns nothing for a covered visit still in progress, and earns it once it is completed', async () => {
    const v = await coveredVisit();
    await syncEarnings(app().db, clock.now());
    expect(await rowsOf(v.detailer.detailerId)).toEqual([]);
    await complete(v);
    afterClaimWindow();
    await syncEarnings(app().db, clock.now());
    expect((await rowsOf(v.detailer.detailerId)).map((r) => r.amountCents)).toEqual([5015]);
  });

  it('pays a covered visit out in the payout run like any job', async () => {
    const detailer = await createDetailer(app().ctx);
    const bank = { accountHolderName: 'Dana Detailer', routingNumber: '110000000', accountNumber: '000123456789' };
    const saved = await call(detailer.user, 'POST', '/api/detailer/payout-account', bank);
    expect(saved.statusCode, saved.body).toBe(200);
    const v = await coveredVisit(detailer);
    await complete(v);
    // Not paid out while held.
    expect(await runPayouts(app().ctx, clock.now(), { force: true })).toMatchObject({ paid: 0 });
    afterClaimWindow();
    const run = await runPayouts(app().ctx, clock.now(), { force: true });
    expect(run).toMatchObject({ paid: 1, failed: 0 });
    const paid = await app().db.select().from(payouts).where(eq(payouts.detailerId, detailer.detailerId));
    expect(paid.map((p) => p.amountCents)).toEqual([5015]);
    const earnings = (await call(detailer.user, 'GET', '/api/detailer/earnings')).json() as Earnings;
    expect(earnings.balanceCents).toBe(0);
  });

  /** The member reports a problem with the visit (POST /api/bookings/:id/claims). */
  async function reportProblem(v: Awaited<ReturnType<typeof coveredVisit>>) {
    const response = await call(v.customer, 'POST', `/api/bookings/${v.booking.id}/claims`, {
      description: 'Nobody came to wash the car.',
      uploadIds: [],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  }
  const closeClaim = (claimId: number, status: 'resolved' | 'rejected') =>
    app()
      .db.update(claims)
      .set({ status, resolvedAt: clock.now(), refundCents: status === 'resolved' ? 0 : null })
      .where(eq(claims.id, claimId));

  it("holds the credit while the member's claim is open, past the window, and releases it once if the claim is rejected", async () => {
    const v = await coveredVisit();
    await complete(v);
    const claim = await reportProblem(v);
    afterClaimWindow();
    await Promise.all([syncEarnings(app().db, clock.now()), syncEarnings(app().db, clock.now())]);
    expect(await rowsOf(v.detailer.detailerId)).toEqual([]);
    const held = (await call(v.detailer.user, 'GET', '/api/detailer/earnings')).json() as Earnings;
    expect(held.pendingCredits).toMatchObject([{ bookingId: v.booking.id, status: 'on_hold', amountCents: 5015 }]);
    expect(held.balanceCents).toBe(0);

    await closeClaim(claim.id, 'rejected');
    await Promise.all([syncEarnings(app().db, clock.now()), syncEarnings(app().db, clock.now())]);
    expect((await rowsOf(v.detailer.detailerId)).map((r) => r.amountCents)).toEqual([5015]);
  });

  it('never credits a covered visit whose claim an admin upheld', async () => {
    const v = await coveredVisit();
    await complete(v);
    const claim = await reportProblem(v);
    await closeClaim(claim.id, 'resolved');
    afterClaimWindow();
    clock.advance(2 * 24 * 3_600_000);
    await syncEarnings(app().db, clock.now());
    expect(await rowsOf(v.detailer.detailerId)).toEqual([]);
    const earnings = (await call(v.detailer.user, 'GET', '/api/detailer/earnings')).json() as Earnings;
    expect(earnings).toMatchObject({ balanceCents: 0, pendingCredits: [], hasActivity: false });
  });

  describe('pairs completing covered visits more often than the plan allows', () => {
    /** A completed covered visit of the member with the detailer, written straight to the database. */
    async function completedVisit(m: Awaited<ReturnType<typeof member>>, completedAt: Date) {
      const startsAt = new Date(completedAt.getTime() - 2 * 3_600_000);
      return createBooking(app().ctx, {
        customerId: m.customer.id,
        detailerId: m.detailer.detailerId,
        serviceId: m.detailer.serviceId,
        membershipId: m.membership.id,
        status: 'completed',
        startsAt,
        completedAt,
        ...bookingPrice(5900, 0, { discountCents: 5900, waiveServiceFee: true }),
      });
    }
    const flagsOf = (detailerId: number) => app().db.select().from(coveredVisitFlags).where(eq(coveredVisitFlags.detailerId, detailerId));
    const alertsOf = async (userId: number) =>
      (await app().db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
        (n) => n.title === coveredVisitFlagTitle,
      );

    it("flags a pair once per month to every admin when their visits in 30 days pass the plan's visits a month, not a pair within it", async () => {
      const admin = await createAdmin(app().ctx);
      const busy = await member({ includedVisits: 2 });
      const usual = await member({ includedVisits: 2 });
      const now = clock.now();
      const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
      for (const days of [1, 8, 15]) await completedVisit(busy, daysAgo(days));
      // Two within 30 days (the plan's two a month) and one older: not unusual.
      for (const days of [2, 16, 40]) await completedVisit(usual, daysAgo(days));

      const passes = await Promise.all([flagFrequentCoveredVisits(app().ctx, now), flagFrequentCoveredVisits(app().ctx, now)]);
      expect(passes.reduce((sum, pass) => sum + pass.flagged, 0)).toBe(1);
      expect(await flagsOf(busy.detailer.detailerId)).toMatchObject([
        { customerId: busy.customer.id, visitCount: 3, includedVisitsPerMonth: 2 },
      ]);
      expect(await flagsOf(usual.detailer.detailerId)).toEqual([]);
      const alerts = await alertsOf(admin.id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.message).toContain('3 covered visits');
      expect(alerts[0]!.message).toContain('includes 2 a month');

      // A fourth visit the same month: already flagged, no second notice.
      await completedVisit(busy, daysAgo(0.5));
      expect(await flagFrequentCoveredVisits(app().ctx, now)).toEqual({ flagged: 0 });
      expect(await alertsOf(admin.id)).toHaveLength(1);
      // Next month, still too frequent: flagged again, once.
      const nextMonth = new Date(now.getTime() + 10 * 24 * 3_600_000);
      for (const days of [1, 2, 3]) await completedVisit(busy, new Date(nextMonth.getTime() - days * 24 * 3_600_000));
      expect(await flagFrequentCoveredVisits(app().ctx, nextMonth)).toEqual({ flagged: 1 });
      expect(await alertsOf(admin.id)).toHaveLength(2);
    });
  });
});
