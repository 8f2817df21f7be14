import { badRequest, conflict } from '@core/errors.ts';
import type { CreateBookingInput } from '@core/schemas/booking.ts';
import type { Database } from '../db/client.ts';
import { checkSlot, todayFor } from './availability-service.ts';

export const slotTakenMessage = 'That time slot was just taken. Please choose another time.';
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
  const verdict = await checkSlot(db, now, detailer, input.date, input.time, durationMinutes, excludeBookingId);
  if (verdict.reason === 'past') {
    throw badRequest('That time has already passed. Please choose another time.', { time: 'That time has already passed' });
  }
  if (verdict.reason === 'closed') throw conflict(detailerUnavailableMessage);
  if (verdict.reason === 'taken') throw conflict(slotTakenMessage);
  return verdict;
}
