import type { FastifyInstance } from 'fastify';
import { startText } from '@core/domain/time-slots.ts';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { bookingReminders, bookings } from '../db/schema.ts';
import { selectRecords } from './booking-records.ts';
import { notify } from '../notifications/notification-service.ts';

export const bookingRemindersIntervalMs = 60_000;

const hourMs = 3_600_000;
type ReminderKind = (typeof bookingReminders.$inferInsert)['kind'];

/**
 * The two reminders, latest first: a booking whose start is within the window's hours (and beyond the next
 * window's) is due that reminder. A booking accepted 5 hours ahead still gets the 24-hour one at once, then
 * the 2-hour one; a booking accepted 1 hour ahead gets only the 2-hour one.
 */
const windows: Array<{ kind: ReminderKind; fromHours: number; toHours: number }> = [
  { kind: '24h', fromHours: 2, toHours: 24 },
  { kind: '2h', fromHours: 0, toHours: 2 },
];

/**
 * One pass: every accepted booking due a reminder sends it to its customer and its detailer, once. The
 * claim (a booking_reminders row, unique per booking, user, kind and start) and the notification commit
 * together, so two instances running the pass at once send each reminder once, and a failed send is retried
 * by the next pass. A rescheduled booking (new start) is reminded of its new time.
 */
export async function runBookingReminders(ctx: AppContext, now: Date): Promise<{ sent: number }> {
  const { db } = ctx;
  let sent = 0;
  for (const window of windows) {
    const due = await selectRecords(db).where(
      and(
        eq(bookings.status, 'accepted'),
        gt(bookings.startsAt, new Date(now.getTime() + window.fromHours * hourMs)),
        lte(bookings.startsAt, new Date(now.getTime() + window.toHours * hourMs)),
      ),
    );
    for (const { booking, serviceName, detailerBusinessName, detailerUserId, timeZone, customerName } of due) {
      const when = startText(booking.startsAt, timeZone, 'short');
      const title = window.kind === '24h' ? 'Upcoming booking' : 'Booking in 2 hours';
      const notices = [
        {
          userId: booking.customerId,
          title,
          message: `${detailerBusinessName} comes for your ${serviceName} on ${when}.`,
        },
        {
          userId: detailerUserId,
          title,
          message: `${serviceName} for ${customerName} on ${when} at ${booking.address}, ${booking.city}.`,
        },
      ];
      for (const notice of notices) {
        const claimed = await ctx.transaction(async (txCtx) => {
          const tx = txCtx.db;
          const [claim] = await tx
            .insert(bookingReminders)
            .values({ bookingId: booking.id, userId: notice.userId, kind: window.kind, startsAt: booking.startsAt, sentAt: now })
            .onConflictDoNothing()
            .returning({ id: bookingReminders.id });
          if (!claim) return false;
          await notify(txCtx, { ...notice, type: 'reminder', entityId: String(booking.id) });
          return true;
        });
        if (claimed) sent += 1;
      }
    }
  }
  return { sent };
}

/** Runs the pass every minute while the app is up. */
export function startBookingRemindersJob(app: FastifyInstance, intervalMs = bookingRemindersIntervalMs): void {
  startIntervalJob(app, 'booking reminders', intervalMs, runBookingReminders, (result) => result.sent > 0);
}
