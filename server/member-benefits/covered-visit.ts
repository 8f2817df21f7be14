import { sql } from 'drizzle-orm';
import { conflict } from '@core/errors.ts';
import type { Database } from '../db/client.ts';
import { bookings, membershipVisits, payments } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';

export const coveredVisitThatDayMessage = 'Your plan already covers a visit on that day. Choose another day, or pay for this one.';

/**
 * A covered visit the member booked by hand (issue 36) counts against the plan's month as a scheduled visit does: a
 * membership_visits row for the day, holding the booking.
 */
export async function useCoveredVisit(tx: Database, membershipId: number, date: string, bookingId: number, now: Date): Promise<void> {
  try {
    await tx.insert(membershipVisits).values({ membershipId, dueOn: date, status: 'booked', bookingId, createdAt: now, updatedAt: now });
  } catch (error) {
    // The scheduler booked the day's visit meanwhile: one covered visit a day.
    if (isUniqueViolation(error, 'membership_visits_once_per_due_date')) throw conflict(coveredVisitThatDayMessage);
    throw error;
  }
}

/**
 * A booking the membership covers in full (decision 022): the platform, not the member, pays its detailer. A booking
 * charged through the payments ledger earns from its capture instead (a tip does not count).
 */
export const isCoveredVisit = sql`(${bookings.membershipId} is not null
  and ${bookings.discountCents} = ${bookings.priceCents} + ${bookings.vehicleSurchargeCents}
  and not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.kind} in ('authorize', 'capture')))`;
