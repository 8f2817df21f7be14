import type { BookingAction } from '@core/domain/booking-status.ts';
import { formatUsd } from '@core/domain/money.ts';
import { slotLabel, type BookingRecord } from './booking-records.ts';
import type { NotificationType } from '../notifications/notification-service.ts';

export type Notice = { userId: number; type: NotificationType; title: string; message: string };

function whenText(startsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(startsAt);
  return `${day} at ${slotLabel(startsAt, timeZone)}`;
}

/** Who hears about a move and what they read. */
export function noticesFor(action: BookingAction, record: BookingRecord, everRequested: boolean): Notice[] {
  const when = whenText(record.booking.startsAt, record.timeZone);
  const service = record.serviceName;
  const business = record.detailerBusinessName;
  const toCustomer = (type: NotificationType, title: string, message: string): Notice => ({
    userId: record.booking.customerId,
    type,
    title,
    message,
  });
  const toDetailer = (type: NotificationType, title: string, message: string): Notice => ({
    userId: record.detailerUserId,
    type,
    title,
    message,
  });
  switch (action) {
    case 'authorize':
      // An instant booking is accepted in the same payment: the detailer hears of it as booked (instant-accept).
      return record.instantBooking
        ? []
        : [toDetailer('booking_request', 'New booking request', `${record.customerName} requested ${service} on ${when}.`)];
    case 'instant-accept':
      return [
        toCustomer('booking_update', 'Booking confirmed', `${business} confirmed your ${service} on ${when}.`),
        toDetailer('booking_request', 'New booking', `${record.customerName} booked ${service} on ${when} (instant booking).`),
      ];
    case 'mark-overdue':
      return [
        toCustomer(
          'booking_update',
          'Your job has not started',
          `${business} has not started your ${service} of ${when}. If they did not come, report a no-show: you will not be charged.`,
        ),
        toDetailer(
          'booking_update',
          'Job overdue',
          `${service} for ${record.customerName} on ${when} was not started. Start it, or mark the customer absent.`,
        ),
      ];
    case 'report-no-show':
      return [
        toDetailer(
          'booking_update',
          'No-show reported',
          `${record.customerName} reported that you did not come for ${service} on ${when}. The booking is cancelled and not charged.`,
        ),
      ];
    case 'customer-absent':
      return [
        toCustomer(
          'booking_update',
          'Marked absent',
          `${business} could not find you for ${service} on ${when}. ${
            (record.booking.cancellationFeeCents ?? 0) > 0
              ? `The ${formatUsd(record.booking.cancellationFeeCents ?? 0)} late cancellation fee is charged; the rest of the hold is released.`
              : 'Nothing is charged.'
          }`,
        ),
      ];
    case 'accept':
      return [toCustomer('booking_update', 'Booking accepted', `${business} accepted your ${service} on ${when}.`)];
    case 'decline':
      return [toCustomer('booking_update', 'Booking declined', `${business} declined your ${service} on ${when}.`)];
    case 'start-route':
      return [toCustomer('service_update', 'Your detailer is on the way', `${business} is on the way for your ${service}.`)];
    case 'start':
      return [toCustomer('service_update', 'Service started', `${business} started your ${service}.`)];
    case 'complete':
      return [toCustomer('service_complete', 'Service complete', `${business} completed your ${service}.`)];
    case 'cancel':
      return everRequested
        ? [toDetailer('booking_update', 'Booking cancelled', `${record.customerName} cancelled ${service} on ${when}.`)]
        : [];
    case 'reschedule':
      return everRequested
        ? [toDetailer('booking_update', 'Booking rescheduled', `${record.customerName} moved ${service} to ${when}.`)]
        : [];
    case 'abandon':
      return [
        toCustomer(
          'booking_update',
          'Booking hold expired',
          `Payment for ${service} on ${when} was not completed in time, so the slot was released.`,
        ),
      ];
    case 'expire':
      return [
        toCustomer(
          'booking_update',
          'Booking request expired',
          `${business} did not answer your request for ${service} on ${when} in time.`,
        ),
        toDetailer(
          'booking_update',
          'Booking request expired',
          `The request from ${record.customerName} for ${service} on ${when} expired.`,
        ),
      ];
    default: {
      const unreachable: never = action;
      throw new Error(`Unknown action ${String(unreachable)}`);
    }
  }
}
