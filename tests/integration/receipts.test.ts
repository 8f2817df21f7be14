import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chargeBreakdownCents } from '@core/domain/receipt.ts';
import type { Receipt } from '@core/schemas/receipt.ts';
import type { TipIntent } from '@core/schemas/tip.ts';
import { outboxEmails, payments } from '../../server/db/schema.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import { noReceiptMessage } from '../../server/payments/receipt-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
const booked = new Date('2026-11-23T16:00:00Z');

/** Receipts: built from the booking and the ledger, for the customer, admins and (without the card) the detailer. */
describe.each(databaseKinds)('receipts on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { clock, call, paidBooking, completedPaidBooking } = t;

  const receipt = async (user: UserRow, id: number) => {
    const response = await call(user, 'GET', `/api/bookings/${id}/receipt`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Receipt;
  };
  const ledgerSum = async (bookingId: number, kind: 'capture' | 'refund' | 'tip') => {
    const rows = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, kind), eq(payments.status, 'succeeded')));
    return rows.reduce((sum, r) => sum + r.amountCents, 0);
  };

  it('has no receipt before anything was charged (409), and none at all for a stranger (404)', async () => {
    const { customer, booking } = await paidBooking();
    const early = await call(customer, 'GET', `/api/bookings/${booking.id}/receipt`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(noReceiptMessage);
    const done = await completedPaidBooking();
    const stranger = await createCustomer(t.ctx, { password: undefined });
    const otherDetailer = await createDetailer(t.ctx);
    for (const user of [stranger, otherDetailer.user]) {
      expect((await call(user, 'GET', `/api/bookings/${done.booking.id}/receipt`)).statusCode).toBe(404);
    }
    expect((await call(null, 'GET', `/api/bookings/${done.booking.id}/receipt`)).statusCode).toBe(401);
  });

  it('lists lines that add up to what the ledger captured, with the card for the customer and admins only', async () => {
    const { customer, booking, detailer } = await completedPaidBooking();
    const mine = await receipt(customer, booking.id);
    expect(mine).toMatchObject({
      receiptNumber: `GL-${String(booking.id).padStart(6, '0')}`,
      detailerBusinessName: expect.any(String),
      card: { brand: 'visa', last4: '4242' },
      address: '1 Market St, San Francisco 94105',
      chargedCents: 7872,
      totalPaidCents: 7872,
    });
    expect(mine.when).toMatch(/2026 at \d{1,2}:\d{2} (AM|PM)$/);
    expect(mine.lines.map((l) => [l.label, l.amountCents])).toEqual([
      [expect.any(String), 5900],
      ['Service fee', 1500],
      ['Tax', 472],
      ['Charged to card', 7872],
      ['Total paid', 7872],
    ]);
    expect(chargeBreakdownCents(mine.lines)).toBe(await ledgerSum(booking.id, 'capture'));
    expect((await receipt(t.admin, booking.id)).card).toEqual({ brand: 'visa', last4: '4242' });
    const theirs = await receipt(detailer.user, booking.id);
    expect(theirs.card).toBeNull();
    expect(theirs.lines).toEqual(mine.lines);
  });

  it('adds the tip and takes off refunds, matching the ledger', async () => {
    const { customer, booking } = await completedPaidBooking();
    const tip = (
      await call(customer, 'POST', `/api/bookings/${booking.id}/tip`, { amountCents: 1180, idempotencyKey: randomUUID() })
    ).json() as TipIntent;
    await call(customer, 'POST', '/api/tips/test-gateway/confirm', { clientSecret: tip.clientSecret, card });
    expect((await call(t.admin, 'POST', `/api/admin/bookings/${booking.id}/refund`, { amountCents: 2000 })).statusCode).toBe(200);
    const mine = await receipt(customer, booking.id);
    const byKind = Object.fromEntries(mine.lines.map((l) => [l.kind, l.amountCents]));
    expect(byKind).toMatchObject({ charged: 7872, tip: 1180, refund: -2000, total: 7872 + 1180 - 2000 });
    const ledgerTotal =
      (await ledgerSum(booking.id, 'capture')) + (await ledgerSum(booking.id, 'tip')) - (await ledgerSum(booking.id, 'refund'));
    expect(mine.totalPaidCents).toBe(ledgerTotal);
  });

  it('is the late cancellation fee alone when that is all that was charged', async () => {
    const { customer, detailer, booking } = await paidBooking();
    expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
    clock.set(new Date(booking.startsAt.getTime() - 2 * 60 * 60_000));
    expect((await call(customer, 'POST', `/api/bookings/${booking.id}/cancel`, { confirmFee: true })).statusCode).toBe(200);
    const mine = await receipt(customer, booking.id);
    expect(mine.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['cancellation-fee', 1500],
      ['charged', 1500],
      ['total', 1500],
    ]);
  });

  it('emails the receipt once, when the completion is charged, with a link to its page', async () => {
    const { customer, booking } = await completedPaidBooking();
    const emails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, customer.email));
    const receipts = emails.filter((e) => e.subject.startsWith('Your Glossly receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Your Glossly receipt GL-${String(booking.id).padStart(6, '0')}`);
    expect(receipts[0]!.text).toContain('Charged to card');
    expect(receipts[0]!.text).toContain('$78.72');
    expect(receipts[0]!.text).toContain('Visa ending in 4242');
    expect(receipts[0]!.text).toContain(`${t.config.PUBLIC_URL}/bookings/${booking.id}/receipt`);
  });
});
