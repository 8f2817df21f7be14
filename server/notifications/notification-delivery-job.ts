import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';

export const notificationDeliveryIntervalMs = 15_000;

/**
 * Sends the push and email legs of notifications every 15 seconds while the app is up, on every instance: retries,
 * and rows whose instance stopped between the commit and its own pass (or while delivering them: their claim's lease
 * runs out). Delivering right after the commit is the realtime hub's own pass (decision 040).
 */
export function startNotificationDeliveryJob(app: FastifyInstance, intervalMs = notificationDeliveryIntervalMs): void {
  startIntervalJob(
    app,
    'notification delivery',
    intervalMs,
    (_ctx, now) => app.realtime.deliveries.deliverDue(now),
    (result) => result.sent + result.failed + result.gaveUp > 0,
  );
}
