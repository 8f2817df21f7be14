import { badRequest, conflict } from '@core/errors.ts';
import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import type { CreateBookingInput } from '@core/schemas/booking.ts';
import type { Database } from '../db/client.ts';
import { checkSlot, todayFor } from './availability-service.ts';

/** The calendar date `days` after a YYYY-MM-DD date. */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

export const slotTakenMessage = 'That time slot was just taken. Please choose another time.';
export const beyondHorizonMessage = `Bookings can be made up to ${bookingHorizonDays} days ahead. Please choose an earlier date.`;
export const detailerUnavailableMessage = 'The detailer is not available at that time. Please choose another time.';

/** Validates a slot for a detailer and throws the error the page shows when it cannot be booked. */
export async function requireFreeSlot(
  db: Database,
  now: Date,
  detailer: { id: number; timeZone: string },
  input: { date: string; time: CreateBookingInput['time'] },
  durationMinutes: number,
  excludeBookingId?: number,
) {
  if (input.date < todayFor(detailer.timeZone, now)) {
    throw badRequest('Date cannot be in the past', { date: 'Date cannot be in the past' });
  }
  if (input.date > addDays(todayFor(detailer.timeZone, now), bookingHorizonDays)) {
    throw badRequest(beyondHorizonMessage, { date: beyondHorizonMessage });
  }
  const verdict = await checkSlot(db, now, detailer, input.date, input.time, durationMinutes, excludeBookingId);
  if (verdict.reason === 'past') {
    throw badRequest('That time has already passed. Please choose another time.', { time: 'That time has already passed' });
  }
  if (verdict.reason === 'closed') throw conflict(detailerUnavailableMessage);
  if (verdict.reason === 'taken') throw conflict(slotTakenMessage);
  return verdict;
}
