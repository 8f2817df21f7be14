import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import { claimWindowHours, coveredVisitCreditAt } from '@core/domain/after-the-job.ts';
import {
  defaultCommissionBasisPoints,
  defaultPayoutWeekday,
  jobSplit,
  refundSplit,
  tipSplit,
  type EarningsSplit,
} from '@core/domain/earnings.ts';
import type { PendingCredit } from '@core/schemas/earnings.ts';
import type { Database } from '../db/client.ts';
import { bookings, claims, detailerLedger, payments, platformSettings, promoCodes, services as servicesTable } from '../db/schema.ts';
import { isCoveredVisit } from '../member-benefits/covered-visit.ts';

/**
 * A refund row is written 'succeeded' before the gateway is called and flipped to 'failed' if the gateway refuses
 * (server/payments/payment-refunds.ts). That call ends within about a minute (Stripe's SDK: 20 s timeout, 2
 * retries), so a refund row is synced only once it is older than this: by then its status is final.
 */
export const refundSettleMs = 2 * 60_000;

const batchSize = 200;

export type PlatformSettings = { commissionBasisPoints: number; payoutWeekday: number };

/** The one settings row (decision 021; issue 19 edits it). The migration inserts it; the defaults cover a missing one. */
export async function readPlatformSettings(db: Database): Promise<PlatformSettings> {
  const [row] = await db
    .select({ commissionBasisPoints: platformSettings.commissionBasisPoints, payoutWeekday: platformSettings.payoutWeekday })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row ?? { commissionBasisPoints: defaultCommissionBasisPoints, payoutWeekday: defaultPayoutWeekday };
}

type Candidate = {
  paymentId: number;
  kind: 'authorize' | 'capture' | 'release' | 'refund' | 'tip';
  amountCents: number;
  intentId: string;
  bookingId: number;
  createdAt: Date;
  detailerId: number;
  priceCents: number;
  vehicleSurchargeCents: number;
  /** A detailer's own promo code's discount (decision 022): their gross is price + surcharge - it. 0 otherwise. */
  detailerFundedDiscountCents: number;
};

/** The job's split: the platform funds its codes and memberships; a detailer's own code comes off their gross. */
const jobSplitOf = (c: Candidate, commissionBasisPoints: number) =>
  jobSplit(c.priceCents + c.vehicleSurchargeCents - c.detailerFundedDiscountCents, 0, commissionBasisPoints);

/** The job split of the capture a refund gives back from: its ledger row (the commission of its day) when synced. */
async function captureOf(db: Database, candidate: Candidate, commissionBasisPoints: number) {
  const [capture] = await db
    .select({ id: payments.id, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.intentId, candidate.intentId), eq(payments.kind, 'capture'), eq(payments.status, 'succeeded')));
  if (!capture || capture.amountCents <= 0) return null;
  const [jobRow] = await db
    .select({
      grossCents: detailerLedger.grossCents,
      commissionCents: detailerLedger.commissionCents,
      amountCents: detailerLedger.amountCents,
    })
    .from(detailerLedger)
    .where(eq(detailerLedger.paymentId, capture.id));
  const job: EarningsSplit = jobRow ?? jobSplitOf(candidate, commissionBasisPoints);
  return { capturedCents: capture.amountCents, job };
}

/**
 * A refund's part of the detailer's share. "Refunded before" is every succeeded refund of the same intent with a
 * smaller id: computed from the payments ledger alone, so two instances syncing different refunds of one booking at
 * once still write shares that add up to exactly the job's (cumulative rounding, core/domain/earnings.ts).
 */
async function refundShare(db: Database, candidate: Candidate, commissionBasisPoints: number): Promise<EarningsSplit | null> {
  const capture = await captureOf(db, candidate, commissionBasisPoints);
  if (!capture) return null;
  const [before] = await db
    .select({ cents: sum(payments.amountCents).mapWith(Number) })
    .from(payments)
    .where(
      and(
        eq(payments.intentId, candidate.intentId),
        eq(payments.kind, 'refund'),
        eq(payments.status, 'succeeded'),
        lt(payments.id, candidate.paymentId),
      ),
    );
  return refundSplit(capture.job, capture.capturedCents, before?.cents ?? 0, candidate.amountCents);
}

/**
 * Writes the detailer's ledger rows for the payments ledger's succeeded captures, tips and refunds that have none
 * (decision 021). Idempotent and safe on several instances: the unique payment_id makes a row once, and every
 * number is computed from the payments ledger, so two passes write the same row. The commission is read from
 * platform_settings now and kept on the row (a later change of the setting does not rewrite the past).
 *
 * Which rows: a capture or refund of a booking that is `completed` (the job); every tip. A late cancellation's
 * fee is a capture of a `cancelled` booking: it stays the platform's (no detailer row), and so does its refund.
 *
 * A refund that turns failed after it was synced (it should not: see refundSettleMs) has its row set to zero in the
 * same pass, so the balance always matches the payments ledger; a payout that already netted it is made up by the next.
 */
export async function syncEarnings(db: Database, now: Date): Promise<{ written: number; voided: number }> {
  const { commissionBasisPoints } = await readPlatformSettings(db);
  const settledBefore = new Date(now.getTime() - refundSettleMs);
  let written = 0;
  let afterId = 0;
  for (;;) {
    const candidates: Candidate[] = await db
      .select({
        paymentId: payments.id,
        kind: payments.kind,
        amountCents: payments.amountCents,
        intentId: payments.intentId,
        bookingId: payments.bookingId,
        createdAt: payments.createdAt,
        detailerId: bookings.detailerId,
        priceCents: bookings.priceCents,
        vehicleSurchargeCents: bookings.vehicleSurchargeCents,
        detailerFundedDiscountCents: sql<number>`(case when exists (select 1 from ${promoCodes} where ${promoCodes.id} = ${bookings.promoCodeId} and ${promoCodes.ownerDetailerId} = ${bookings.detailerId}) then ${bookings.discountCents} else 0 end)::int`,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .leftJoin(detailerLedger, eq(detailerLedger.paymentId, payments.id))
      .where(
        and(
          isNull(detailerLedger.id),
          sql`${payments.id} > ${afterId}`,
          eq(payments.status, 'succeeded'),
          or(
            eq(payments.kind, 'tip'),
            and(eq(payments.kind, 'capture'), eq(bookings.status, 'completed')),
            and(eq(payments.kind, 'refund'), eq(bookings.status, 'completed'), lte(payments.createdAt, settledBefore)),
          ),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(batchSize);
    for (const candidate of candidates) {
      let split: EarningsSplit | null;
      if (candidate.kind === 'capture') split = jobSplitOf(candidate, commissionBasisPoints);
      else if (candidate.kind === 'tip') split = tipSplit(candidate.amountCents);
      else split = await refundShare(db, candidate, commissionBasisPoints);
      // A refund without a capture on its intent cannot be split; it has no detailer row (nothing was earned).
      if (!split) continue;
      const inserted = await db
        .insert(detailerLedger)
        .values({
          detailerId: candidate.detailerId,
          kind: candidate.kind === 'capture' ? 'job' : candidate.kind === 'tip' ? 'tip' : 'refund',
          bookingId: candidate.bookingId,
          paymentId: candidate.paymentId,
          ...split,
          // The statement dates a row by when the money moved, not by when this pass saw it.
          createdAt: candidate.createdAt,
        })
        .onConflictDoNothing({ target: detailerLedger.paymentId })
        .returning({ id: detailerLedger.id });
      written += inserted.length;
    }
    if (candidates.length < batchSize) break;
    afterId = candidates[candidates.length - 1]!.paymentId;
  }
  written += await syncCoveredVisits(db, commissionBasisPoints, now);
  const voided = await db
    .update(detailerLedger)
    .set({ grossCents: 0, commissionCents: 0, amountCents: 0 })
    .where(
      and(
        eq(detailerLedger.kind, 'refund'),
        ne(detailerLedger.amountCents, 0),
        inArray(
          detailerLedger.paymentId,
          db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.kind, 'refund'), eq(payments.status, 'failed'))),
        ),
      ),
    )
    .returning({ id: detailerLedger.id });
  return { written, voided: voided.length };
}

/** A completed visit's completion time (rows from before completed_at was kept have only their last update). */
const completedAtOf = sql<Date>`coalesce(${bookings.completedAt}, ${bookings.updatedAt})`.mapWith(bookings.updatedAt);

/**
 * What keeps a covered visit's credit back: the member's claim that is open (on hold) or resolved (the admin upheld
 * it: never credited). A rejected claim keeps nothing back. Null when there is none.
 */
const disputeOf = sql<
  'open' | 'resolved' | null
>`(select ${claims.status} from ${claims} where ${claims.bookingId} = ${bookings.id} and ${claims.status} <> 'rejected' order by (${claims.status} = 'open') desc limit 1)`;

/** Completed covered visits without their credit yet; `where` narrows them. */
function uncreditedCoveredVisits(db: Database, where: SQL | undefined) {
  return db
    .select({
      bookingId: bookings.id,
      detailerId: bookings.detailerId,
      priceCents: bookings.priceCents,
      vehicleSurchargeCents: bookings.vehicleSurchargeCents,
      completedAt: completedAtOf,
      dispute: disputeOf,
    })
    .from(bookings)
    .leftJoin(
      detailerLedger,
      and(eq(detailerLedger.bookingId, bookings.id), eq(detailerLedger.kind, 'job'), isNull(detailerLedger.paymentId)),
    )
    .where(and(isNull(detailerLedger.id), eq(bookings.status, 'completed'), isCoveredVisit, where))
    .orderBy(asc(bookings.id))
    .limit(batchSize);
}

/**
 * A visit the membership covers (decision 022) is completed with no payment: the platform funds it, so the
 * detailer earns the job as if it were paid in full, gross = price + surcharge, with the same commission. Nothing
 * confirmed that such a visit happened, so (decision 043) it is credited only once the member's claim window has
 * passed with no claim open or upheld, dated when it became available. One row per booking
 * (`detailer_ledger_one_covered_job_per_booking`), however many passes race. A cancelled visit earns nothing.
 */
async function syncCoveredVisits(db: Database, commissionBasisPoints: number, now: Date): Promise<number> {
  const windowClosedBefore = new Date(now.getTime() - claimWindowHours * 3_600_000);
  let written = 0;
  let afterId = 0;
  for (;;) {
    const visits = await uncreditedCoveredVisits(
      db,
      and(sql`${bookings.id} > ${afterId}`, lte(completedAtOf, windowClosedBefore), sql`${disputeOf} is null`),
    );
    for (const visit of visits) {
      const inserted = await db
        .insert(detailerLedger)
        .values({
          detailerId: visit.detailerId,
          kind: 'job',
          bookingId: visit.bookingId,
          paymentId: null,
          ...coveredVisitSplit(visit, commissionBasisPoints),
          createdAt: coveredVisitCreditAt(visit.completedAt),
        })
        .onConflictDoNothing()
        .returning({ id: detailerLedger.id });
      written += inserted.length;
    }
    if (visits.length < batchSize) break;
    afterId = visits[visits.length - 1]!.bookingId;
  }
  return written;
}

const coveredVisitSplit = (visit: { priceCents: number; vehicleSurchargeCents: number }, commissionBasisPoints: number) =>
  jobSplit(visit.priceCents + visit.vehicleSurchargeCents, 0, commissionBasisPoints);

/**
 * The detailer's covered visits done and not credited yet (the earnings screen): pending until the claim window ends,
 * on hold while a claim is open; one whose claim was upheld is not listed (it will not be credited).
 */
export async function pendingCoveredCredits(db: Database, detailerId: number, now: Date): Promise<PendingCredit[]> {
  const { commissionBasisPoints } = await readPlatformSettings(db);
  const rows = await uncreditedCoveredVisits(db, and(eq(bookings.detailerId, detailerId), sql`${disputeOf} is distinct from 'resolved'`));
  const services = new Map(
    rows.length === 0
      ? []
      : (
          await db
            .select({ bookingId: bookings.id, name: servicesTable.name })
            .from(bookings)
            .innerJoin(servicesTable, eq(servicesTable.id, bookings.serviceId))
            .where(
              inArray(
                bookings.id,
                rows.map((row) => row.bookingId),
              ),
            )
        ).map((row) => [row.bookingId, row.name]),
  );
  return rows
    .map((row) => ({
      bookingId: row.bookingId,
      serviceName: services.get(row.bookingId) ?? '',
      completedAt: row.completedAt.toISOString(),
      // Past the window but not yet swept by the job: it shows as available now.
      availableAt: new Date(Math.max(coveredVisitCreditAt(row.completedAt).getTime(), now.getTime())).toISOString(),
      amountCents: coveredVisitSplit(row, commissionBasisPoints).amountCents,
      status: row.dispute === 'open' ? ('on_hold' as const) : ('pending' as const),
    }))
    .sort((a, b) => a.availableAt.localeCompare(b.availableAt));
}

/** The detailer's balance: the sum of their ledger (negative after a refund that came after a payout). */
export async function ledgerBalance(db: Database, detailerId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sum(detailerLedger.amountCents).mapWith(Number) })
    .from(detailerLedger)
    .where(eq(detailerLedger.detailerId, detailerId));
  return row?.cents ?? 0;
}
