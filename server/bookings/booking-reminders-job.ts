import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { and, eq, gt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import { bookingReminders, bookings, detailers, services, users } from '../db/schema.ts';
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

const customerUsers = alias(users, 'reminder_customer');

function whenText(startsAt: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(startsAt);
}

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
    const due = await db
      .select({
        bookingId: bookings.id,
        startsAt: bookings.startsAt,
        customerId: bookings.customerId,
        customerName: customerUsers.name,
        address: bookings.address,
        city: bookings.city,
        serviceName: services.name,
        businessName: detailers.businessName,
        detailerUserId: detailers.userId,
        timeZone: detailers.timeZone,
      })
      .from(bookings)
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
      .innerJoin(customerUsers, eq(customerUsers.id, bookings.customerId))
      .where(
        and(
          eq(bookings.status, 'accepted'),
          gt(bookings.startsAt, new Date(now.getTime() + window.fromHours * hourMs)),
          lte(bookings.startsAt, new Date(now.getTime() + window.toHours * hourMs)),
        ),
      );
    for (const booking of due) {
      const when = whenText(booking.startsAt, booking.timeZone);
      const title = window.kind === '24h' ? 'Upcoming booking' : 'Booking in 2 hours';
      const notices = [
        {
          userId: booking.customerId,
          title,
          message: `${booking.businessName} comes for your ${booking.serviceName} on ${when}.`,
        },
        {
          userId: booking.detailerUserId,
          title,
          message: `${booking.serviceName} for ${booking.customerName} on ${when} at ${booking.address}, ${booking.city}.`,
        },
      ];
      for (const notice of notices) {
        const claimed = await ctx.transaction(async (txCtx) => {
          const tx = txCtx.db;
          const [claim] = await tx
            .insert(bookingReminders)
            .values({ bookingId: booking.bookingId, userId: notice.userId, kind: window.kind, startsAt: booking.startsAt, sentAt: now })
            .onConflictDoNothing()
            .returning({ id: bookingReminders.id });
          if (!claim) return false;
          await notify(txCtx, { ...notice, type: 'reminder', entityId: String(booking.bookingId) });
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
