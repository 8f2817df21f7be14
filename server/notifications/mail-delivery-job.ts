import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import type { Database } from '../db/client.ts';
import type { MailDeliveryResult, Mailer } from './mailer.ts';

export const mailDeliveryIntervalMs = 30_000;

/** One pass: the due emails of the queue are sent, failures rescheduled with backoff or given up. */
export function runMailDelivery(db: Database, now: Date, mailer: Mailer): Promise<MailDeliveryResult> {
  return mailer.deliverDue(db, now);
}

/**
 * Sends queued emails every 30 seconds while the app is up: retries, and emails queued inside a transaction or
 * by an instance that stopped before its own pass ran. Sending right after queueing is the mailer's own kick.
 */
export function startMailDeliveryJob(app: FastifyInstance, intervalMs = mailDeliveryIntervalMs): void {
  if (!app.config.SMTP_URL) return;
  startIntervalJob(
    app,
    'mail delivery',
    intervalMs,
    (ctx, now) => runMailDelivery(ctx.db, now, ctx.mailer),
    (result) => result.sent + result.failed + result.gaveUp > 0,
  );
}
