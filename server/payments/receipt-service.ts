import { and, asc, desc, eq } from 'drizzle-orm';
import { conflict } from '@core/errors.ts';
import { brandLabel, type CardBrand } from '@core/domain/card.ts';
import { chargedStatuses, statusIn } from '@core/domain/booking-status.ts';
import { formatUsd } from '@core/domain/money.ts';
import { buildReceiptLines, receiptNumber } from '@core/domain/receipt.ts';
import { discountSourceOf } from '@core/domain/discount.ts';
import { placeLine } from '@core/domain/places.ts';
import type { Receipt } from '@core/schemas/receipt.ts';
import { loadRecord, slotLabel, visibleRecord, type BookingRecord } from '../bookings/booking-records.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { paymentIntents, payments, users } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';

/** Receipts (issue 16): built from the booking and the payments ledger, never from what a screen computed. */

export const noReceiptMessage = 'There is no receipt yet: nothing has been charged for this booking.';

function whenText(startsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
    startsAt,
  );
  return `${day} at ${slotLabel(startsAt, timeZone)}`;
}

/** The receipt of a booking whose card was charged (completion, or a late cancellation's fee); null before that. */
async function receiptOf(db: Database, record: BookingRecord, withCard: boolean): Promise<Receipt | null> {
  const b = record.booking;
  if (!statusIn(chargedStatuses, b.status)) return null;
  const [intent] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, b.id), eq(paymentIntents.status, 'succeeded')))
    .orderBy(desc(paymentIntents.id))
    .limit(1);
  if (!intent) return null;
  const ledger = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, b.id), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.id));
  const ofIntent = (kind: 'capture' | 'refund') => ledger.filter((r) => r.intentId === intent.intentId && r.kind === kind);
  const captures = ofIntent('capture');
  const capturedCents = captures.reduce((sum, r) => sum + r.amountCents, 0);
  if (capturedCents <= 0) return null;
  const totals = buildReceiptLines({
    basis: b.status === 'completed' ? 'service' : 'cancellation',
    serviceName: record.serviceName,
    vehicleType: b.vehicleType,
    priceCents: b.priceCents,
    vehicleSurchargeCents: b.vehicleSurchargeCents,
    discountCents: b.discountCents,
    discountSource: discountSourceOf(b),
    promoCode: record.promoCode,
    serviceFeeCents: b.serviceFeeCents,
    taxCents: b.taxCents,
    creditsAppliedCents: intent.creditsConsumedCents,
    capturedCents,
    tipCents: ledger.filter((r) => r.kind === 'tip').reduce((sum, r) => sum + r.amountCents, 0),
    refundedCents: ofIntent('refund').reduce((sum, r) => sum + r.amountCents, 0),
  });
  const card = withCard && intent.cardBrand && intent.cardLast4 ? { brand: intent.cardBrand, last4: intent.cardLast4 } : null;
  return {
    bookingId: b.id,
    receiptNumber: receiptNumber(b.id),
    serviceName: record.serviceName,
    detailerBusinessName: record.detailerBusinessName,
    customerName: record.customerName,
    when: whenText(b.startsAt, record.timeZone),
    timeZone: record.timeZone,
    address: placeLine(b),
    ...totals,
    card,
    chargedAt: captures[0]!.createdAt.toISOString(),
  };
}

/**
 * GET /api/bookings/:id/receipt: the booking's customer and admins; its detailer too, without the card. Anyone
 * else gets the booking's 404; before anything was charged, 409.
 */
export async function getReceipt(db: Database, actor: Actor, bookingId: number): Promise<Receipt> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(db, user, bookingId);
  const receipt = await receiptOf(db, record, relation !== 'detailer');
  if (!receipt) throw conflict(noReceiptMessage);
  return receipt;
}

/** The receipt as plain text: the page's lines, padded into columns. */
export function receiptText(receipt: Receipt, link: string): string {
  const width = Math.max(...receipt.lines.map((line) => line.label.length)) + 2;
  const row = (label: string, cents: number) => `${label.padEnd(width)}${formatUsd(cents).padStart(12)}`;
  const card = receipt.card ? `${brandLabel[receipt.card.brand as CardBrand] ?? 'Card'} ending in ${receipt.card.last4}` : null;
  return [
    `Hi ${receipt.customerName},`,
    '',
    `Thank you for booking with Glossly. Here is your receipt ${receipt.receiptNumber}.`,
    '',
    `${receipt.serviceName} with ${receipt.detailerBusinessName}`,
    `${receipt.when} (${receipt.timeZone})`,
    receipt.address,
    '',
    ...receipt.lines.map((line) => row(line.label, line.amountCents)),
    '',
    ...(card ? [`Paid with ${card}.`] : []),
    'View or print this receipt, add a tip or report a problem within 48 hours:',
    link,
  ].join('\n');
}

/**
 * The receipt email, sent by the completion's capture (payment-transitions) once the card was charged. A receipt is
 * transactional, like a password reset: it goes out whatever the customer's notification settings say.
 */
export async function sendReceiptEmail(ctx: AppContext, bookingId: number): Promise<void> {
  const record = await loadRecord(ctx.db, bookingId);
  if (!record || record.booking.status !== 'completed') return;
  const receipt = await receiptOf(ctx.db, record, true);
  if (!receipt) return;
  const [customer] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, record.booking.customerId));
  if (!customer) return;
  await ctx.mailer.send(ctx.db, {
    to: customer.email,
    subject: `Your Glossly receipt ${receipt.receiptNumber}`,
    text: receiptText(receipt, `${ctx.config.PUBLIC_URL}/bookings/${bookingId}/receipt`),
  });
}
