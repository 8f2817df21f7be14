import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookingStatuses, isFinalStatus } from '@core/domain/booking-status.ts';
import type { AppContext } from '../context.ts';
import { bookingEvents, bookings, detailerPositions } from '../db/schema.ts';
import { startIntervalJob } from '../jobs/interval-job.ts';

/** A trip's positions are kept this long after its job ended (completed, cancelled...), then deleted (decision 018). */
export const positionRetentionMs = 24 * 60 * 60 * 1000;
export const trackingRetentionIntervalMs = 10 * 60_000;

/** Statuses no move leaves: the job is over. */
const endedStatuses = bookingStatuses.filter(isFinalStatus);

/** Bookings per batch: each pass stays bounded and resumable (decision 014). */
const batchSize = 100;

/**
 * One pass: deletes the positions of every booking that ended more than 24 hours ago, its end being its last event
 * (the move into the final status). Runs in batches of bookings until none is left; a delete is harmless twice, so
 * passes on several instances at once need no claim.
 */
export async function runTrackingRetention(ctx: Pick<AppContext, 'db'>, now: Date): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - positionRetentionMs);
  const endedAt = sql`(select max(${bookingEvents.createdAt}) from ${bookingEvents} where ${bookingEvents.bookingId} = ${bookings.id})`;
  let deleted = 0;
  for (;;) {
    const due = await ctx.db
      .selectDistinct({ id: bookings.id })
      .from(detailerPositions)
      .innerJoin(bookings, eq(bookings.id, detailerPositions.bookingId))
      .where(and(inArray(bookings.status, endedStatuses), sql`${endedAt} <= ${cutoff.toISOString()}::timestamptz`))
      .limit(batchSize);
    if (due.length === 0) return { deleted };
    const removed = await ctx.db
      .delete(detailerPositions)
      .where(
        inArray(
          detailerPositions.bookingId,
          due.map((row) => row.id),
        ),
      )
      .returning({ id: detailerPositions.id });
    deleted += removed.length;
  }
}

/** Runs the pass every 10 minutes while the app is up: a day's retention needs no finer step. */
export function startTrackingRetentionJob(app: FastifyInstance, intervalMs = trackingRetentionIntervalMs): void {
  startIntervalJob(app, 'tracking retention', intervalMs, runTrackingRetention, (result) => result.deleted > 0);
}
