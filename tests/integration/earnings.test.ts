import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Earnings } from '@core/schemas/earnings.ts';
import type { TipIntent } from '@core/schemas/tip.ts';
import { detailerLedger, payments, platformSettings } from '../../server/db/schema.ts';
import { refundSettleMs, syncEarnings } from '../../server/business/earnings-sync.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
const booked = new Date('2026-11-23T16:00:00Z');
const day = 86_400_000;

/** The detailer's side of the money (decision 021): synced from the payments ledger, split, stated per month. */
describe.each(databaseKinds)('detailer earnings on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { clock, call, paidBooking, completedPaidBooking } = t;
  let nextStart = new Date('2026-11-24T17:00:00Z');

  type Detailer = Awaited<ReturnType<typeof createDetailer>>;

  /** Each job of one detailer starts a day after the last: they never overlap. */
  const nextJobStart = () => {
    const startsAt = nextStart;
    nextStart = new Date(nextStart.getTime() + day);
    return startsAt;
  };

  /** A booking of `detailer` paid by card, taken through to Complete through the API (captured). */
  const completedJob = (detailer: Detailer, extra: { vehicleSurchargeCents?: number } = {}) =>
    completedPaidBooking({ detailer, booking: { startsAt: nextJobStart(), ...extra } });

  const rowsOf = (detailerId: number) =>
    t.db.select().from(detailerLedger).where(eq(detailerLedger.detailerId, detailerId)).orderBy(detailerLedger.id);
  const earnings = async (user: UserRow) => {
    const response = await call(user, 'GET', '/api/detailer/earnings');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Earnings;
  };
  const refund = async (bookingId: number, amountCents?: number) => {
    const response = await call(
      t.admin,
      'POST',
      `/api/admin/bookings/${bookingId}/refund`,
      amountCents === undefined ? {} : { amountCents },
    );
    expect(response.statusCode, response.body).toBe(200);
  };

  it('writes one job row per capture (price x 85 %), however often and however many passes sync at once', async () => {
    const detailer = await createDetailer(t.ctx);
    const { booking } = await completedJob(detailer);
    const results = await Promise.all([syncEarnings(t.db, clock.now()), syncEarnings(t.db, clock.now())]);
    expect(results.map((r) => r.written).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await syncEarnings(t.db, clock.now())).written).toBe(0);
    const rows = await rowsOf(detailer.detailerId);
    expect(rows.map((r) => [r.kind, r.bookingId, r.grossCents, r.commissionCents, r.amountCents])).toEqual([
      ['job', booking.id, 5900, 885, 5015],
    ]);
    // The service fee and tax are the platform's: the capture was $78.72.
    const [capture] = await t.db.select().from(payments).where(eq(payments.id, rows[0]!.paymentId!));
    expect(capture).toMatchObject({ kind: 'capture', amountCents: 7872 });
    expect(await earnings(detailer.user)).toMatchObject({ balanceCents: 5015, hasActivity: true, commissionBasisPoints: 1500 });
  });

  it('counts the vehicle surcharge in the job and reads the commission from the settings at sync time', async () => {
    const detailer = await createDetailer(t.ctx);
    await completedJob(detailer, { vehicleSurchargeCents: 1500 });
    await syncEarnings(t.db, clock.now());
    await t.db.update(platformSettings).set({ commissionBasisPoints: 2000 }).where(eq(platformSettings.id, 1));
    try {
      await completedJob(detailer);
      expect((await earnings(detailer.user)).commissionBasisPoints).toBe(2000);
    } finally {
      await t.db.update(platformSettings).set({ commissionBasisPoints: 1500 }).where(eq(platformSettings.id, 1));
    }
    const rows = await rowsOf(detailer.detailerId);
    // The first job keeps the 15 % of its day; the second took 20 %.
    expect(rows.map((r) => [r.grossCents, r.commissionCents, r.amountCents])).toEqual([
      [7400, 1110, 6290],
      [5900, 1180, 4720],
    ]);
  });

  it('gives the detailer 100 % of a tip', async () => {
    const detailer = await createDetailer(t.ctx);
    const { customer, booking } = await completedJob(detailer);
    const created = (
      await call(customer, 'POST', `/api/bookings/${booking.id}/tip`, { amountCents: 1180, idempotencyKey: randomUUID() })
    ).json() as TipIntent;
    const paid = await call(customer, 'POST', '/api/tips/test-gateway/confirm', { clientSecret: created.clientSecret, card });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    const view = await earnings(detailer.user);
    expect(view.balanceCents).toBe(5015 + 1180);
    const tip = (await rowsOf(detailer.detailerId)).find((r) => r.kind === 'tip');
    expect(tip).toMatchObject({ bookingId: booking.id, grossCents: 1180, commissionCents: 0, amountCents: 1180 });
  });

  it("takes back a refund's share only once it has settled, and exactly the whole share over partial refunds", async () => {
    const detailer = await createDetailer(t.ctx);
    const { booking } = await completedJob(detailer);
    await refund(booking.id, 3936);
    // Within two minutes the refund may still be turned down by the gateway: not counted yet.
    expect((await earnings(detailer.user)).balanceCents).toBe(5015);
    clock.advance(refundSettleMs);
    expect((await earnings(detailer.user)).balanceCents).toBe(5015 - 2507);
    await refund(booking.id);
    clock.advance(refundSettleMs);
    expect((await earnings(detailer.user)).balanceCents).toBe(0);
    const rows = await rowsOf(detailer.detailerId);
    expect(rows.map((r) => [r.kind, r.grossCents, r.commissionCents, r.amountCents])).toEqual([
      ['job', 5900, 885, 5015],
      ['refund', -2950, -443, -2507],
      ['refund', -2950, -442, -2508],
    ]);
  });

  it('sets a refund row to zero when its refund turns out failed, so the balance matches the payments ledger', async () => {
    const detailer = await createDetailer(t.ctx);
    const { booking } = await completedJob(detailer);
    await refund(booking.id, 1000);
    clock.advance(refundSettleMs);
    expect((await earnings(detailer.user)).balanceCents).toBeLessThan(5015);
    const refundRow = (await rowsOf(detailer.detailerId)).find((r) => r.kind === 'refund')!;
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, refundRow.paymentId!));
    expect((await syncEarnings(t.db, clock.now())).voided).toBe(1);
    expect((await syncEarnings(t.db, clock.now())).voided).toBe(0);
    expect((await earnings(detailer.user)).balanceCents).toBe(5015);
  });

  it("leaves a late cancellation's fee to the platform: no row", async () => {
    const detailer = await createDetailer(t.ctx);
    const { customer, booking } = await paidBooking({ detailer, booking: { startsAt: nextJobStart() } });
    clock.set(new Date(booking.startsAt.getTime() - 3_600_000));
    const cancelled = await call(customer, 'POST', `/api/bookings/${booking.id}/cancel`, { confirmFee: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const fee = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(fee.filter((r) => r.kind === 'capture' && r.status === 'succeeded').map((r) => r.amountCents)).toEqual([1500]);
    await syncEarnings(t.db, clock.now());
    expect(await rowsOf(detailer.detailerId)).toEqual([]);
    expect(await earnings(detailer.user)).toMatchObject({ balanceCents: 0, hasActivity: false, payouts: [], statementMonths: [] });
  });

  it("counts this week's jobs and lists the months with activity", async () => {
    const detailer = await createDetailer(t.ctx);
    await completedJob(detailer);
    const view = await earnings(detailer.user);
    expect(view.weekCents).toBe(5015);
    expect(view.statementMonths).toEqual([clock.now().toISOString().slice(0, 7)]);
    clock.advance(14 * day);
    expect((await earnings(detailer.user)).weekCents).toBe(0);
  });

  it('states a month as CSV: header, one line per row, totals; attachment; bad month 400', async () => {
    const detailer = await createDetailer(t.ctx);
    const { booking } = await completedJob(detailer);
    const month = clock.now().toISOString().slice(0, 7);
    await refund(booking.id, 7872);
    clock.advance(refundSettleMs);
    const response = await call(detailer.user, 'GET', `/api/detailer/statements/${month}.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="glossly-statement-${month}.csv"`);
    const lines = response.body.trimEnd().split('\r\n');
    const date = booking.startsAt.toISOString().slice(0, 10);
    expect(lines).toEqual([
      'Date,Booking,Service,Gross,Commission,Net,Kind',
      expect.stringMatching(new RegExp(`^${date},${booking.id},Wash \\w+,59\\.00,8\\.85,50\\.15,Job$`)),
      expect.stringMatching(new RegExp(`^${date},${booking.id},Wash \\w+,-59\\.00,-8\\.85,-50\\.15,Refund$`)),
      'Total,,,0.00,0.00,0.00,',
    ]);
    const other = await createDetailer(t.ctx);
    const theirs = await call(other.user, 'GET', `/api/detailer/statements/${month}.csv`);
    expect(theirs.body.trimEnd().split('\r\n')).toEqual(['Date,Booking,Service,Gross,Commission,Net,Kind', 'Total,,,0.00,0.00,0.00,']);
    for (const bad of ['2026-13.csv', '2026-11', 'november.csv']) {
      const refused = await call(detailer.user, 'GET', `/api/detailer/statements/${bad}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^Month must be written YYYY-MM/);
    }
  });

  it('answers earnings and statements to detailers only: customers 403, signed out 401', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    for (const url of ['/api/detailer/earnings', '/api/detailer/statements/2026-11.csv', '/api/detailer/payouts/1']) {
      expect((await call(customer, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
    }
  });
});
