import { expect } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import type { AppContext } from '../../server/context.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { addProofOfService } from './proof-of-service.ts';

/** What a test's signed-in POST answers (an `app.inject` response fits). */
type Answer = { statusCode: number; body: string };

/**
 * The detailer's job day through the API, as the money, visit and referral tests need it: at the booking's start
 * (On my way and Start open shortly before it, decision 015): accept, On my way, Start, the proof of service,
 * Complete; each move must answer 200. `post` is the detailer's own signed-in POST. The clock
 * stays at the start unless `restoreClock` puts it back where it was.
 */
export async function completeJob(job: {
  ctx: AppContext;
  clock: Clock & { set: (date: Date) => void };
  detailer: UserRow;
  booking: { id: number; startsAt: Date };
  post: (path: string) => Promise<Answer>;
  restoreClock?: boolean;
}): Promise<void> {
  const { ctx, clock, detailer, booking, post } = job;
  const before = clock.now();
  clock.set(booking.startsAt);
  try {
    for (const action of ['accept', 'start-route', 'start', 'complete']) {
      if (action === 'complete') await addProofOfService(ctx, detailer, booking.id);
      const response = await post(`/api/bookings/${booking.id}/${action}`);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    }
  } finally {
    if (job.restoreClock) clock.set(before);
  }
}
