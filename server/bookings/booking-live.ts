import { detailerSeesBooking } from '@core/domain/booking-status.ts';
import type { AppContext } from '../context.ts';
import { loadRecord, wasEverRequested, type BookingRecord } from './booking-records.ts';

/**
 * Tells every open screen of a booking that it changed, once the surrounding transaction commits: its customer,
 * admins, and its detailer only when the detailer may see it (a hold that was never paid is not theirs to
 * hear of, not even as an id). Call it wherever a booking's row, or what its screens show, changes.
 */
export function announceBookingChange(
  ctx: Pick<AppContext, 'afterCommit' | 'publishChange'>,
  record: BookingRecord,
  everRequested: boolean,
): void {
  const userIds = [record.booking.customerId];
  if (detailerSeesBooking(record.booking.status, everRequested)) userIds.push(record.detailerUserId);
  ctx.afterCommit(() => ctx.publishChange({ topic: 'booking', id: record.booking.id }, { userIds, roles: ['admin'] }));
}

/** announceBookingChange for a caller that holds only the id (payments: a refund). */
export async function announceBookingChangeById(ctx: AppContext, bookingId: number): Promise<void> {
  const record = await loadRecord(ctx.db, bookingId);
  if (record) announceBookingChange(ctx, record, await wasEverRequested(ctx.db, bookingId));
}
