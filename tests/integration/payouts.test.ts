import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Earnings, Payout, PayoutAccountResponse } from '@core/schemas/earnings.ts';
import { detailerLedger, payoutAccounts, payouts } from '../../server/db/schema.ts';
import { refundSettleMs } from '../../server/business/earnings-sync.ts';
import { runPayouts } from '../../server/business/payout-run.ts';
import { payoutFailsMessage, testBankAccounts } from '../../server/business/gateways/test-payout-gateway.ts';
import { noProfileMessage } from '../../server/business/payout-account-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const booked = new Date('2026-11-23T16:00:00Z');
const day = 86_400_000;
/** Mondays (the default payout weekday) at 10 AM in Los Angeles. */
const monday = new Date('2026-12-07T18:00:00Z');
const bank = { accountHolderName: 'Dana Detailer', routingNumber: '110000000', accountNumber: '000123456789' };

/** Payout accounts and the weekly payout run (decision 021): one payout per detailer per run, failures returned. */
describe.each(databaseKinds)('payouts on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { clock, call, completedPaidBooking } = t;
  let nextStart = new Date('2026-11-24T17:00:00Z');

  type Detailer = Awaited<ReturnType<typeof createDetailer>>;

  /** A completed, captured job of `detailer`; each starts a day after the last, so they never overlap. */
  async function completedJob(detailer: Detailer) {
    const startsAt = nextStart;
    nextStart = new Date(nextStart.getTime() + day);
    return (await completedPaidBooking({ detailer, booking: { startsAt } })).booking;
  }

  async function detailerWithAccount(accountNumber: string = bank.accountNumber) {
    const detailer = await createDetailer(t.ctx);
    const saved = await call(detailer.user, 'POST', '/api/detailer/payout-account', { ...bank, accountNumber });
    expect(saved.statusCode, saved.body).toBe(200);
    return detailer;
  }

  const earnings = async (user: UserRow) => (await call(user, 'GET', '/api/detailer/earnings')).json() as Earnings;
  const payoutsOf = (detailerId: number) => t.db.select().from(payouts).where(eq(payouts.detailerId, detailerId)).orderBy(payouts.id);

  it('keeps a bank account as "ending 6789" only, refuses bad details with 400 naming the field and stores nothing', async () => {
    const detailer = await createDetailer(t.ctx);
    const cases: [object, string][] = [
      [{ ...bank, routingNumber: '123456789' }, 'routingNumber'],
      [{ ...bank, accountNumber: '12' }, 'accountNumber'],
      [{ ...bank, accountHolderName: '' }, 'accountHolderName'],
      [{ routingNumber: bank.routingNumber, accountNumber: bank.accountNumber }, 'accountHolderName'],
    ];
    for (const [payload, field] of cases) {
      const refused = await call(detailer.user, 'POST', '/api/detailer/payout-account', payload);
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().fields, field).toHaveProperty(field);
    }
    expect(await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.detailerId, detailer.detailerId))).toEqual([]);
    expect(((await call(detailer.user, 'GET', '/api/detailer/payout-account')).json() as PayoutAccountResponse).account).toBeNull();

    const saved = (
      await call(detailer.user, 'POST', '/api/detailer/payout-account', { ...bank, accountNumber: '0001-2345-6789' })
    ).json() as PayoutAccountResponse;
    expect(saved).toMatchObject({
      gateway: 'test',
      onboardingUrl: null,
      account: { gateway: 'test', status: 'active', description: 'Bank account ending 6789' },
    });
    const [row] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.detailerId, detailer.detailerId));
    expect(JSON.stringify(row)).not.toContain('000123456789');
    expect(JSON.stringify(row)).not.toContain('110000000');
    expect(((await call(detailer.user, 'GET', '/api/detailer/payout-account')).json() as PayoutAccountResponse).account?.description).toBe(
      'Bank account ending 6789',
    );
  });

  it('refuses payout details to customers (403), to no one signed in (401) and before a business profile exists (409)', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    expect((await call(customer, 'POST', '/api/detailer/payout-account', bank)).statusCode).toBe(403);
    expect((await call(customer, 'GET', '/api/detailer/payout-account')).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/detailer/payout-account', bank)).statusCode).toBe(401);
    const [profileless] = await Promise.all([createCustomer(t.ctx, { password: undefined, role: 'detailer' })]);
    const refused = await call(profileless!, 'POST', '/api/detailer/payout-account', bank);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(noProfileMessage);
    expect(await earnings(profileless!)).toMatchObject({ balanceCents: 0, hasActivity: false, payoutAccount: null });
  });

  it('pays on the payout weekday only, once per run however often or concurrently it runs, and empties the balance', async () => {
    const detailer = await detailerWithAccount();
    const booking = await completedJob(detailer);
    // A Tuesday: not the payout day.
    expect(await runPayouts(t.ctx, new Date(monday.getTime() - 6 * day))).toMatchObject({ runDate: null, paid: 0 });
    expect(await payoutsOf(detailer.detailerId)).toEqual([]);
    clock.set(monday);
    expect((await earnings(detailer.user)).nextPayout).toEqual({ date: '2026-12-07', estimateCents: 5015 });

    const runs = await Promise.all([runPayouts(t.ctx, monday), runPayouts(t.ctx, monday)]);
    expect(runs.map((r) => r.runDate)).toEqual(['2026-12-07', '2026-12-07']);
    const again = await runPayouts(t.ctx, new Date(monday.getTime() + 3_600_000));
    expect(again.paid).toBe(0);
    const rows = await payoutsOf(detailer.detailerId);
    expect(rows.map((p) => [p.amountCents, p.status, p.runDate])).toEqual([[5015, 'paid', '2026-12-07']]);
    expect(rows[0]!.transferRef).toMatch(/^tr_test_/);

    const view = await earnings(detailer.user);
    expect(view.balanceCents).toBe(0);
    expect(view.nextPayout).toEqual({ date: '2026-12-14', estimateCents: 0 });
    expect(view.payouts).toHaveLength(1);
    expect(view.payouts[0]).toMatchObject({ amountCents: 5015, status: 'paid', runDate: '2026-12-07' });
    expect(view.payouts[0]!.lines.map((l) => [l.kind, l.bookingId, l.amountCents])).toEqual([['job', booking.id, 5015]]);

    const one = await call(detailer.user, 'GET', `/api/detailer/payouts/${rows[0]!.id}`);
    expect(one.statusCode).toBe(200);
    expect((one.json() as Payout).lines[0]).toMatchObject({ bookingId: booking.id, serviceName: expect.stringMatching(/^Wash /) });
    const other = await createDetailer(t.ctx);
    expect((await call(other.user, 'GET', `/api/detailer/payouts/${rows[0]!.id}`)).statusCode).toBe(404);
    expect((await call(detailer.user, 'GET', '/api/detailer/payouts/999999')).statusCode).toBe(404);
    expect((await call(detailer.user, 'GET', '/api/detailer/payouts/abc')).statusCode).toBe(400);
  });

  it('makes the balance negative for a refund after a payout, carries it, and nets it in the next payout', async () => {
    const detailer = await detailerWithAccount();
    const first = await completedJob(detailer);
    await runPayouts(t.ctx, clock.now(), { force: true });
    expect((await earnings(detailer.user)).balanceCents).toBe(0);
    const refunded = await call(t.admin, 'POST', `/api/admin/bookings/${first.id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    clock.advance(refundSettleMs);
    expect((await earnings(detailer.user)).balanceCents).toBe(-5015);
    const week = new Date(clock.now().getTime() + 7 * day);
    expect((await runPayouts(t.ctx, week, { force: true })).paid).toBe(0);
    // Two more jobs: $100.30 earned, $50.15 owed, $50.15 paid.
    await completedJob(detailer);
    await completedJob(detailer);
    clock.advance(14 * day);
    expect((await runPayouts(t.ctx, clock.now(), { force: true })).paid).toBe(1);
    const rows = await payoutsOf(detailer.detailerId);
    expect(rows.map((p) => p.amountCents)).toEqual([5015, 5015]);
    expect((await earnings(detailer.user)).balanceCents).toBe(0);
  });

  it('marks a refused transfer failed and returns the money to the balance (payout_reversal), once', async () => {
    const detailer = await detailerWithAccount(testBankAccounts.payoutFails);
    await completedJob(detailer);
    const run = await runPayouts(t.ctx, clock.now(), { force: true });
    expect(run).toMatchObject({ paid: 0, failed: 1 });
    const [payout] = await payoutsOf(detailer.detailerId);
    expect(payout).toMatchObject({ status: 'failed', failureMessage: payoutFailsMessage, amountCents: 5015 });
    const ledger = await t.db
      .select()
      .from(detailerLedger)
      .where(eq(detailerLedger.detailerId, detailer.detailerId))
      .orderBy(detailerLedger.id);
    expect(ledger.map((r) => [r.kind, r.amountCents])).toEqual([
      ['job', 5015],
      ['payout', -5015],
      ['payout_reversal', 5015],
    ]);
    expect(await earnings(detailer.user)).toMatchObject({
      balanceCents: 5015,
      payouts: [{ status: 'failed', failureMessage: payoutFailsMessage }],
    });
    // The same day's run does not try again; new bank details are paid on the next run.
    expect((await runPayouts(t.ctx, clock.now(), { force: true })).failed).toBe(0);
    await call(detailer.user, 'POST', '/api/detailer/payout-account', bank);
    expect((await runPayouts(t.ctx, new Date(clock.now().getTime() + 7 * day), { force: true })).paid).toBe(1);
    expect((await earnings(detailer.user)).balanceCents).toBe(0);
  });

  it('pays nobody without an active payout account, and never a zero balance', async () => {
    const detailer = await createDetailer(t.ctx);
    await completedJob(detailer);
    expect((await runPayouts(t.ctx, clock.now(), { force: true })).paid).toBe(0);
    expect(await payoutsOf(detailer.detailerId)).toEqual([]);
    const idle = await detailerWithAccount();
    await runPayouts(t.ctx, clock.now(), { force: true });
    expect(await payoutsOf(idle.detailerId)).toEqual([]);
  });
});
