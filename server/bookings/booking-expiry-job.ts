import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import type { AppContext } from '../context.ts';
import { abandonLapsedHolds, expireStaleRequests, markOverdueJobs } from './booking-transitions.ts';

export const bookingExpiryIntervalMs = 60_000;

/**
 * One pass: lapsed holds become abandoned, unanswered requests expired, jobs not started an hour after their time
 * overdue (each with its notifications).
 */
export async function runBookingExpiry(ctx: AppContext, now: Date): Promise<{ abandoned: number; expired: number; overdue: number }> {
  const abandoned = await abandonLapsedHolds(ctx, now);
  const expired = await expireStaleRequests(ctx, now);
  const overdue = await markOverdueJobs(ctx, now);
  return { abandoned, expired, overdue };
}

/** Runs the pass every minute while the app is up. */
export function startBookingExpiryJob(app: FastifyInstance, intervalMs = bookingExpiryIntervalMs): void {
  startIntervalJob(app, 'booking expiry', intervalMs, runBookingExpiry, (result) => result.abandoned + result.expired + result.overdue > 0);
}
