import { conflict } from '@core/errors.ts';
import type { AppContext } from '../../context.ts';
import { membershipVisits } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { loadRecord } from '../../bookings/booking-records.ts';
import { noticesFor } from '../../bookings/booking-notices.ts';
import { notifyMany } from '../../notifications/notification-service.ts';

export const coveredVisitThatDayMessage = 'Your plan already covers a visit on that day. Choose another day, or pay for this one.';

/**
 * A covered visit the member booked by hand (issue 36): it counts against the plan's month as a scheduled visit does
 * (a membership_visits row for the day), and the detailer hears of it as of a paid request.
 */
export async function useCoveredVisit(txCtx: AppContext, membershipId: number, date: string, bookingId: number, now: Date): Promise<void> {
  try {
    await txCtx.db.insert(membershipVisits).values({ membershipId, dueOn: date, status: 'booked', bookingId, createdAt: now, updatedAt: now });
  } catch (error) {
    // The scheduler booked the day's visit meanwhile: one covered visit a day.
    if (isUniqueViolation(error, 'membership_visits_once_per_due_date')) throw conflict(coveredVisitThatDayMessage);
    throw error;
  }
  const record = (await loadRecord(txCtx.db, bookingId))!;
  await notifyMany(
    txCtx,
    noticesFor('authorize', record, true).map((notice) => ({ ...notice, entityId: String(bookingId) })),
  );
}
