import type { BookingStatus } from './booking-status.ts';

/** What a phone number or an email address reads as while contact details are hidden. */
export const contactHiddenText = '[contact hidden]';

// Emails first: a local part may hold digits that the phone pattern would otherwise take for a number.
const emailPattern = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;

/**
 * A run of digit groups joined by at most one space, dot or dash, optionally led by +country code and an area code
 * in parentheses. Not preceded or followed by anything that makes it part of a price ($129.00), a time (10:30), a
 * date (11/24/2026) or a longer token. Whether a run is a phone number is then decided by its digit count.
 */
const phoneCandidatePattern =
  /(?<![\w$@/:.,+(-])(?:\+ ?\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]?\d{1,4}){1,6}(?![\w/:@]|[.,]\d)/g;

/** A local number without area code (555-0100) is the one short form worth hiding; ZIPs and dates have other shapes. */
const localNumberPattern = /^\d{3}[.-]\d{4}$/;

function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '').length;
  if (digits >= 10 && digits <= 15) return true;
  return digits === 7 && localNumberPattern.test(candidate);
}

/**
 * The text with phone numbers and email addresses replaced by `[contact hidden]`: a booking's parties cannot take
 * the job off the platform before the detailer accepts. Times, prices, ZIP codes and dates are left alone.
 */
export function maskContactDetails(text: string): string {
  return text
    .replace(emailPattern, contactHiddenText)
    .replace(phoneCandidatePattern, (candidate) => (isPhoneNumber(candidate) ? contactHiddenText : candidate));
}

/** Statuses that end a booking: its thread closes a week after the last of its events. */
export const endedBookingStatuses = ['completed', 'declined', 'expired', 'cancelled', 'abandoned'] as const satisfies readonly BookingStatus[];

/** Statuses in which the detailer has accepted the job (or gone further): contact details show. */
const acceptedStatuses: readonly BookingStatus[] = ['accepted', 'en_route', 'in_progress', 'completed'];

/**
 * Whether a booking's thread hides contact details from its parties: until the detailer accepts. A booking that
 * ended without ever being accepted (declined, expired, cancelled or abandoned first) keeps them hidden.
 */
export function bookingHidesContacts(status: BookingStatus, wasEverAccepted: boolean): boolean {
  return !acceptedStatuses.includes(status) && !wasEverAccepted;
}
