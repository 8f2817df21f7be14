import { addCalendarDays } from './business-weeks.ts';
import { weekdayOf } from './time-slots.ts';
import { divideRoundingHalfUp } from './money.ts';
import { defaultPlatformSettings } from './platform-settings.ts';

// The ledger's kinds and their names are here rather than in core/schemas/earnings.ts so that the payouts list can
// name its lines without loading zod (issue 13).

/** The kinds of line in a detailer's ledger (`detailer_ledger.kind`). */
export const ledgerKinds = ['job', 'tip', 'refund', 'payout', 'payout_reversal'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** How each ledger kind reads on screen and in the statement. */
export const ledgerKindLabels: Record<LedgerKind, string> = {
  job: 'Job',
  tip: 'Tip',
  refund: 'Refund',
  payout: 'Payout',
  payout_reversal: 'Payout returned',
};

/** The platform's commission until an admin sets another (decision 021): 15 %. */
export const defaultCommissionBasisPoints = defaultPlatformSettings.commissionBasisPoints;

/** Payouts run on Mondays unless an admin picks another weekday (0 = Sunday). */
export const defaultPayoutWeekday = defaultPlatformSettings.payoutWeekday;

/**
 * One line of the detailer's side of the money (a `detailer_ledger` row's numbers): what the customer paid for the
 * detailer's work (gross), the platform's commission on it, and what the detailer gains (amount = gross - commission).
 * Refund lines are negative in all three.
 */
export type EarningsSplit = { grossCents: number; commissionCents: number; amountCents: number };

function requireCents(name: string, value: number, minimum = 0): void {
  if (!Number.isInteger(value) || value < minimum)
    throw new RangeError(`${name} must be a whole number of cents, ${minimum} or more, got ${value}`);
}

/**
 * A captured job: gross = the service's price + the vehicle surcharge (the service fee, tax and credits are the
 * platform's), commission = gross x basis points rounded half up, the rest is the detailer's.
 */
export function jobSplit(priceCents: number, vehicleSurchargeCents: number, commissionBasisPoints: number): EarningsSplit {
  requireCents('priceCents', priceCents);
  requireCents('vehicleSurchargeCents', vehicleSurchargeCents);
  if (!Number.isInteger(commissionBasisPoints) || commissionBasisPoints < 0 || commissionBasisPoints > 10_000) {
    throw new RangeError(`commissionBasisPoints must be 0 to 10000, got ${commissionBasisPoints}`);
  }
  const grossCents = priceCents + vehicleSurchargeCents;
  const commissionCents = divideRoundingHalfUp(grossCents * commissionBasisPoints, 10_000);
  return { grossCents, commissionCents, amountCents: grossCents - commissionCents };
}

/** A tip is 100 % the detailer's: no commission. */
export function tipSplit(tipCents: number): EarningsSplit {
  requireCents('tipCents', tipCents);
  return { grossCents: tipCents, commissionCents: 0, amountCents: tipCents };
}

/**
 * The detailer's part of a refund, proportional to what was refunded of the capture: refund x share / captured.
 * Rounding is cumulative (the share of everything refunded so far, minus the share of what was refunded before),
 * so several partial refunds that add up to the whole capture give back exactly the whole job split, never a cent
 * more or less. Returns negative numbers (money the detailer gives back).
 */
export function refundSplit(job: EarningsSplit, capturedCents: number, refundedBeforeCents: number, refundCents: number): EarningsSplit {
  requireCents('capturedCents', capturedCents, 1);
  requireCents('refundedBeforeCents', refundedBeforeCents);
  requireCents('refundCents', refundCents);
  const before = Math.min(refundedBeforeCents, capturedCents);
  const after = Math.min(refundedBeforeCents + refundCents, capturedCents);
  const share = (refunded: number, cents: number) => divideRoundingHalfUp(refunded * cents, capturedCents);
  const grossCents = share(after, job.grossCents) - share(before, job.grossCents);
  const commissionCents = share(after, job.commissionCents) - share(before, job.commissionCents);
  // 0 - x rather than -x: no negative zero in the rows.
  return { grossCents: 0 - grossCents, commissionCents: 0 - commissionCents, amountCents: commissionCents - grossCents };
}

/** What a payout pays from a balance: all of a positive balance; a negative one is carried to the next run. */
export const payoutCents = (balanceCents: number): number => Math.max(balanceCents, 0);

/**
 * The next payout's date (YYYY-MM-DD) from `today` in the platform's time zone: today when it is the payout weekday
 * and today's run has not paid yet, else the next such weekday.
 */
export function nextPayoutDate(today: string, payoutWeekday: number, hasRunToday: boolean): string {
  const daysAhead = (payoutWeekday - weekdayOf(today) + 7) % 7;
  if (daysAhead === 0 && hasRunToday) return addCalendarDays(today, 7);
  return addCalendarDays(today, daysAhead);
}
