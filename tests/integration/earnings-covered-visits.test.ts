import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Earnings } from '@core/schemas/earnings.ts';
import { bookings, detailerLedger, payments, payouts } from '../../server/db/schema.ts';
import { syncEarnings } from '../../server/business/earnings-sync.ts';
import { runPayouts } from '../../server/business/payout-run.ts';
import { createDetailer } from '../factories/index.ts';
import { runVisitScheduler } from '../../server/memberships/visits/visit-scheduler-job.ts';
import { addProofOfService } from '../factories/proof-of-service.ts';
import { databaseKinds } from './test-app.ts';
import { useVisitTestApp } from './membership-visits-setup.ts';

/** Decision 022: a visit the membership covers is funded by the platform, so the detailer earns it like a paid job. */
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
    clock.set(v.booking.startsAt);
    for (const action of ['accept', 'start-route', 'start', 'complete']) {
      if (action === 'complete') await addProofOfService(app().ctx, v.detailer.user, v.booking.id);
      const response = await call(v.detailer.user, 'POST', `/api/bookings/${v.booking.id}/${action}`);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    }
  }

  it('earns a completed covered visit once, even when two sync passes run at once, with the gross not reduced', async () => {
    const v = await coveredVisit();
    await complete(v);
    expect(await app().db.select().from(payments).where(eq(payments.bookingId, v.booking.id))).toEqual([]);

    const results = await Promise.all([syncEarnings(app().db, clock.now()), syncEarnings(app().db, clock.now())]);
    expect(results.reduce((n, r) => n + r.written, 0)).toBe(1);
    expect((await syncEarnings(app().db, clock.now())).written).toBe(0);

    const rows = await rowsOf(v.detailer.detailerId);
    // The platform funds the visit: gross is price + surcharge ($59), 15 % commission as on a paid job.
    expect(rows.map((r) => [r.kind, r.bookingId, r.paymentId, r.grossCents, r.commissionCents, r.amountCents])).toEqual([
      ['job', v.booking.id, null, 5900, 885, 5015],
    ]);
    expect(rows[0]!.grossCents).toBe(v.booking.priceCents + v.booking.vehicleSurchargeCents);

    // The earnings screen (which syncs too) counts it like any job, once.
    const response = await call(v.detailer.user, 'GET', '/api/detailer/earnings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as Earnings).toMatchObject({ balanceCents: 5015, hasActivity: true });
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
    const run = await runPayouts(app().ctx, clock.now(), { force: true });
    expect(run).toMatchObject({ paid: 1, failed: 0 });
    const paid = await app().db.select().from(payouts).where(eq(payouts.detailerId, detailer.detailerId));
    expect(paid.map((p) => p.amountCents)).toEqual([5015]);
    const earnings = (await call(detailer.user, 'GET', '/api/detailer/earnings')).json() as Earnings;
    expect(earnings.balanceCents).toBe(0);
  });
});
