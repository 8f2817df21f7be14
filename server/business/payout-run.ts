import { and, eq, gt, sql, sum } from 'drizzle-orm';
import { payoutCents } from '@core/domain/earnings.ts';
import { weekdayOf } from '@core/domain/time-slots.ts';
import type { AppContext } from '../context.ts';
import { platformDate } from '../platform/platform-date.ts';
import { detailerLedger, payoutAccounts, payouts } from '../db/schema.ts';
import { ledgerBalance, readPlatformSettings, syncEarnings } from './earnings-sync.ts';
import { PayoutRefusedError, type PayoutGateway } from './payout-gateway.ts';

/**
 * A payout whose transfer was not answered (the process stopped, the network failed) is sent again with the same
 * idempotency key after this long, for a day at most: Stripe forgets idempotency keys after 24 hours, and a retry
 * after that could pay twice, so an older one is left pending for a person to check.
 */
const retryAfterMs = 10 * 60_000;
const retryForMs = 20 * 3_600_000;

export type PayoutRunResult = { runDate: string | null; paid: number; failed: number; retried: number };

type PayoutRow = typeof payouts.$inferSelect;

/**
 * Sends a payout's transfer (after the commit that took the money from the balance). Paid: the transfer id is kept.
 * Refused: the payout is marked failed and a payout_reversal row gives the amount back to the balance, in one
 * transaction and once (the conditional update and the unique payout_id + kind). Anything else leaves it pending
 * for the retry.
 */
async function sendTransfer(
  ctx: AppContext,
  gateway: PayoutGateway,
  payout: PayoutRow,
  accountRef: string,
  now: Date,
): Promise<'paid' | 'failed' | 'pending'> {
  let transferRef: string;
  try {
    transferRef = await gateway.transfer({
      accountRef,
      amountCents: payout.amountCents,
      idempotencyKey: `payout-${payout.id}`,
      metadata: { payoutId: String(payout.id), detailerId: String(payout.detailerId), runDate: payout.runDate },
    });
  } catch (error) {
    if (!(error instanceof PayoutRefusedError)) {
      ctx.log.error({ err: error, payoutId: payout.id }, 'payout transfer not answered; it is retried');
      return 'pending';
    }
    await ctx.transaction(async (tx) => {
      const [failed] = await tx.db
        .update(payouts)
        .set({ status: 'failed', failureMessage: error.message.slice(0, 500) })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
        .returning({ id: payouts.id });
      if (!failed) return;
      await tx.db
        .insert(detailerLedger)
        .values({
          detailerId: payout.detailerId,
          kind: 'payout_reversal',
          payoutId: payout.id,
          amountCents: payout.amountCents,
          createdAt: now,
        })
        .onConflictDoNothing();
    });
    return 'failed';
  }
  await ctx.db
    .update(payouts)
    .set({ status: 'paid', transferRef, paidAt: now })
    .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
  return 'paid';
}

/**
 * One detailer's payout for the run: in one transaction, under a lock on their payout account, the payouts row
 * (unique detailer + run date: a second run the same day, or a concurrent one, inserts nothing) and its ledger
 * row (-amount). The balance is read after the lock, so it is what is paid. Null when nothing is due.
 */
async function takePayout(ctx: AppContext, detailerId: number, runDate: string, now: Date) {
  return ctx.transaction(async (tx) => {
    const [account] = await tx.db.select().from(payoutAccounts).where(eq(payoutAccounts.detailerId, detailerId)).for('update');
    if (!account || account.status !== 'active') return null;
    const amountCents = payoutCents(await ledgerBalance(tx.db, detailerId));
    if (amountCents === 0) return null;
    const [payout] = await tx.db
      .insert(payouts)
      .values({ detailerId, amountCents, gateway: account.gateway, runDate, createdAt: now })
      .onConflictDoNothing({ target: [payouts.detailerId, payouts.runDate] })
      .returning();
    if (!payout) return null;
    await tx.db
      .insert(detailerLedger)
      .values({ detailerId, kind: 'payout', payoutId: payout.id, amountCents: -amountCents, createdAt: now });
    return { payout, accountRef: account.accountRef };
  });
}

/** Pending payouts whose transfer was never answered, sent again with their own key (see retryAfterMs). */
async function retryUnanswered(ctx: AppContext, gateway: PayoutGateway, now: Date): Promise<number> {
  const stale = await ctx.db
    .select({ payout: payouts, accountRef: payoutAccounts.accountRef })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.detailerId, payouts.detailerId))
    .where(
      and(
        eq(payouts.status, 'pending'),
        eq(payouts.gateway, gateway.kind),
        sql`${payouts.createdAt} < ${new Date(now.getTime() - retryAfterMs)}`,
        sql`${payouts.createdAt} > ${new Date(now.getTime() - retryForMs)}`,
      ),
    );
  for (const { payout, accountRef } of stale) await sendTransfer(ctx, gateway, payout, accountRef, now);
  return stale.length;
}

/**
 * The payout run (decision 021), a scheduler pass: on the payout weekday (platform_settings, in the platform's time
 * zone) it pays every detailer with a positive balance and an active account of the current gateway, once per day
 * (the run date). Negative balances are carried. Every pass first syncs the ledger, and retries unanswered transfers.
 * `force` runs on any day (tests, and an operator's manual run).
 */
export async function runPayouts(ctx: AppContext, now: Date, options: { force?: boolean } = {}): Promise<PayoutRunResult> {
  const gateway = ctx.payouts;
  await syncEarnings(ctx.db, now);
  const retried = await retryUnanswered(ctx, gateway, now);
  const runDate = platformDate(ctx, now);
  const { payoutWeekday } = await readPlatformSettings(ctx.db);
  if (!options.force && weekdayOf(runDate) !== payoutWeekday) return { runDate: null, paid: 0, failed: 0, retried };

  const due = await ctx.db
    .select({ detailerId: payoutAccounts.detailerId })
    .from(payoutAccounts)
    .innerJoin(detailerLedger, eq(detailerLedger.detailerId, payoutAccounts.detailerId))
    .where(
      and(
        eq(payoutAccounts.status, 'active'),
        eq(payoutAccounts.gateway, gateway.kind),
        sql`not exists (select 1 from ${payouts} where ${payouts.detailerId} = ${payoutAccounts.detailerId} and ${payouts.runDate} = ${runDate})`,
      ),
    )
    .groupBy(payoutAccounts.detailerId)
    .having(gt(sum(detailerLedger.amountCents), sql`0`));

  let paid = 0;
  let failed = 0;
  for (const { detailerId } of due) {
    const taken = await takePayout(ctx, detailerId, runDate, now);
    if (!taken) continue;
    const outcome = await sendTransfer(ctx, gateway, taken.payout, taken.accountRef, now);
    if (outcome === 'paid') paid += 1;
    if (outcome === 'failed') failed += 1;
  }
  return { runDate, paid, failed, retried };
}
