import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { abandonLapsedHolds, expireStaleRequests } from '../services/booking-transitions.ts';

export const bookingExpiryIntervalMs = 60_000;

/** One pass: lapsed holds become abandoned, unanswered requests expired (each with its notifications). */
export async function runBookingExpiry(db: Database, now: Date): Promise<{ abandoned: number; expired: number }> {
  const abandoned = await abandonLapsedHolds(db, now);
  const expired = await expireStaleRequests(db, now);
  return { abandoned, expired };
}

/** Runs the pass every minute while the app is up; stops when the app closes. Passes never overlap. */
export function startBookingExpiryJob(app: FastifyInstance, intervalMs = bookingExpiryIntervalMs): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runBookingExpiry(app.db, app.clock.now())
      .then((result) => {
        if (result.abandoned || result.expired) app.log.info(result, 'booking expiry');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'booking expiry failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
