import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '@core/domain/booking-status.ts';
import { bookingEvents, bookings } from '../../server/db/schema.ts';
import { positionRetentionMs, runTrackingRetention } from '../../server/tracking/tracking-retention-job.ts';
import { databaseKinds } from './test-app.ts';
import { oakland, useTrackingTestApp } from './tracking-test-app.ts';

// Positions are deleted 24 hours after the job ended (decision 018); the job's pass is run by hand with the clock.
describe.each(databaseKinds)('tracking retention on %s', (kind) => {
  const k = useTrackingTestApp(kind);
  const { clock } = k;
  const start = clock.now();
  const minute = 60_000;

  /** A trip with two positions, then moved to `endStatus` at `endedAt` (its last event), or left on its way. */
  async function tripWithPositions(endStatus: BookingStatus | null, endedAt: Date) {
    const { booking, detailer } = await k.trip();
    await k.shareToday(detailer);
    for (let i = 0; i < 2; i++) {
      clock.advance(5_000);
      expect((await k.postPosition(detailer.user, { bookingId: booking.id, ...oakland })).statusCode).toBe(204);
    }
    // The factory's events carry the wall clock's time; the test's clock decides here.
    await k.t.db.update(bookingEvents).set({ createdAt: start }).where(eq(bookingEvents.bookingId, booking.id));
    if (endStatus) {
      await k.t.db.update(bookings).set({ status: endStatus }).where(eq(bookings.id, booking.id));
      await k.t.db
        .insert(bookingEvents)
        .values({ bookingId: booking.id, action: 'complete', fromStatus: 'in_progress', toStatus: endStatus, createdAt: endedAt });
    }
    return booking.id;
  }

  it('deletes a trip 24 hours after its job ended, and never one still under way', async () => {
    const endedAt = new Date(start.getTime() + 2 * 60 * minute);
    const completed = await tripWithPositions('completed', endedAt);
    const cancelled = await tripWithPositions('cancelled', new Date(endedAt.getTime() + 30 * minute));
    const underWay = await tripWithPositions(null, endedAt);
    const counts = async () => Promise.all([completed, cancelled, underWay].map(async (id) => (await k.positionsOf(id)).length));
    expect(await counts()).toEqual([2, 2, 2]);

    expect(await runTrackingRetention(k.t.ctx, new Date(endedAt.getTime() + positionRetentionMs - 1))).toEqual({ deleted: 0 });
    expect(await counts()).toEqual([2, 2, 2]);

    expect(await runTrackingRetention(k.t.ctx, new Date(endedAt.getTime() + positionRetentionMs))).toEqual({ deleted: 2 });
    expect(await counts()).toEqual([0, 2, 2]);

    const muchLater = new Date(endedAt.getTime() + 30 * positionRetentionMs);
    expect(await runTrackingRetention(k.t.ctx, muchLater)).toEqual({ deleted: 2 });
    expect(await counts()).toEqual([0, 0, 2]);
    // A second pass, as another instance would run it, finds nothing more.
    expect(await runTrackingRetention(k.t.ctx, muchLater)).toEqual({ deleted: 0 });
    clock.set(start);
  });

  it('counts from the last event: a job whose end was recorded late keeps its positions longer', async () => {
    const endedAt = new Date(start.getTime() + 3 * 60 * minute);
    const id = await tripWithPositions('completed', endedAt);
    // An admin's refund or a late event of the same booking moves its end later.
    await k.t.db.insert(bookingEvents).values({
      bookingId: id,
      action: 'complete',
      fromStatus: 'completed',
      toStatus: 'completed',
      createdAt: new Date(endedAt.getTime() + 60 * minute),
    });
    expect((await runTrackingRetention(k.t.ctx, new Date(endedAt.getTime() + positionRetentionMs))).deleted).toBe(0);
    expect((await runTrackingRetention(k.t.ctx, new Date(endedAt.getTime() + positionRetentionMs + 60 * minute))).deleted).toBe(2);
    clock.set(start);
  });
});
