import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { flagFrequentCoveredVisits } from '../memberships/visits/covered-visit-flags.ts';
import { syncEarnings } from './earnings-sync.ts';
import { runPayouts } from './payout-run.ts';

/**
 * The detailer ledger follows the payments ledger every minute; the payout run checks every 15 minutes whether
 * today (platform time zone) is the payout weekday and pays whoever has not been paid for today's run yet.
 */
export function startEarningsJobs(app: FastifyInstance): void {
  startIntervalJob(
    app,
    'earnings-sync',
    60_000,
    (ctx, now) => syncEarnings(ctx.db, now),
    (result) => result.written + result.voided > 0,
  );
  // Covered visits more frequent than any plan allows are flagged to admins (decision 043).
  startIntervalJob(
    app,
    'covered-visit-flags',
    60 * 60_000,
    (ctx, now) => flagFrequentCoveredVisits(ctx, now),
    (result) => result.flagged > 0,
  );
  startIntervalJob(
    app,
    'payouts',
    15 * 60_000,
    (ctx, now) => runPayouts(ctx, now),
    (result) => result.paid + result.failed + result.retried > 0,
  );
}
