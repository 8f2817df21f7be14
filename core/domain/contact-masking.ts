import { acceptedWorkStatuses, statusIn, type BookingStatus } from './booking-status.ts';

/** What a phone number or an email address reads as while contact details are hidden. */
export const contactHiddenText = '[contact hidden]';

// Emails first: a local part may hold digits that the phone pattern would otherwise take for a number.
const emailPattern = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;

/** `at` and `dot` spelled out or bracketed, as people write an address to slip past a filter. */
const spelledAt = String.raw`(?:\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+)`;
const spelledDot = String.raw`(?:\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+|\.)`;
/** 'bob at gmail dot com', 'bob(at)gmail(dot)com', 'bob [at] gmail.com': a name, a spelled @, a domain with a dot. */
const spelledEmailPattern = new RegExp(
  String.raw`[A-Z0-9._%+-]+${spelledAt}[A-Z0-9-]+(?:${spelledDot}[A-Z0-9-]+)*${spelledDot}[A-Z]{2,}\b`,
  'gi',
);

/** Chat and call links that carry a number or a handle: WhatsApp, Telegram, Messenger, Signal, Viber, tel: and sms:. */
const contactLinkPattern =
  /(?:https?:\/\/)?(?:www\.)?(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com|t\.me|telegram\.me|m\.me|signal\.me|viber\.click)\/[^\s<>"')\]]*|\b(?:tel|sms|callto|whatsapp|viber):[^\s<>"')\]]+/gi;

/**
 * A run of digits, each after at most three spaces, dots, dashes, underscores or bullets (`415-555-0100`,
 * `4 1 5 5 5 5 0 1 0 0`, `415_555_0100`), optionally led by + and an area code in parentheses. One digit a step, so
 * a long run that is no number costs one pass, not a search. Not preceded or followed by anything that makes it part
 * of a price ($129.00), a time (10:30), a date (11/24/2026) or a longer token. Whether a run is a phone number is
 * then decided by its digit count.
 */
const phoneCandidatePattern = /(?<![\w$@/:.,+(-])(?:\+ ?\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d(?:[ .\-_·•*\s]{0,3}\d)*(?![\w/:@]|[.,]\d)/g;

/** A local number without area code (555-0100) is the one short form worth hiding; ZIPs and dates have other shapes. */
const localNumberPattern = /^\d{3}[.-]\d{4}$/;

function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '').length;
  // Ten or more: a number, or several written together; nothing else in a message needs that many digits in a row.
  if (digits >= 10) return true;
  return digits === 7 && localNumberPattern.test(candidate);
}

/**
 * The text with phone numbers, email addresses and chat links replaced by `[contact hidden]`: a booking's parties
 * cannot take the job off the platform before the detailer accepts. Best effort against the usual dodges: the text
 * is normalised first (NFKC: full-width digits and ＠ become plain ones), digits may be spread out with separators,
 * and an address may spell out 'at' and 'dot'. Times, prices, ZIP codes and dates are left alone.
 */
export function maskContactDetails(text: string): string {
  return text
    .normalize('NFKC')
    .replace(contactLinkPattern, contactHiddenText)
    .replace(emailPattern, contactHiddenText)
    .replace(spelledEmailPattern, contactHiddenText)
    .replace(phoneCandidatePattern, (candidate) => (isPhoneNumber(candidate) ? contactHiddenText : candidate));
}

/**
 * Whether a booking's thread hides contact details from its parties: until the detailer accepts. A booking that
 * ended without ever being accepted (declined, expired, cancelled or abandoned first) keeps them hidden.
 */
export function bookingHidesContacts(status: BookingStatus, wasEverAccepted: boolean): boolean {
  return !statusIn(acceptedWorkStatuses, status) && !wasEverAccepted;
}
