import type { AudienceRules } from '../schemas/marketing.ts';

// Pure helpers of audience rules (issue 19): the server turns the rules into one SQL query, and the admin's
// screens show them in words. Both read the dates the same way.

const dayMs = 86_400_000;

/** The first instant of a calendar day (UTC): "after 2026-03-01" means from its start. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** The first instant after a calendar day: "before 2026-03-01" and "signed up to" include that whole day. */
export const dayEnd = (day: string) => new Date(dayStart(day).getTime() + dayMs);

const roleWords: Record<NonNullable<AudienceRules['role']>, string> = { customer: 'Customers', detailer: 'Detailers', admin: 'Admins' };

/** The rules in words, one line each, in the form's order; no rules at all means everyone. */
export function describeAudienceRules(rules: AudienceRules): string[] {
  const lines: string[] = [];
  if (rules.role) lines.push(roleWords[rules.role]);
  if (rules.city) lines.push(`In ${rules.city}`);
  if (rules.zip && rules.radiusMiles !== undefined) lines.push(`Within ${rules.radiusMiles} mi of ${rules.zip}`);
  if (rules.lastBookingAfter) lines.push(`Last booking on or after ${rules.lastBookingAfter}`);
  if (rules.lastBookingBefore) lines.push(`Last booking on or before ${rules.lastBookingBefore}`);
  const { minBookings: min, maxBookings: max } = rules;
  if (min !== undefined && max !== undefined) lines.push(min === max ? `Exactly ${min} bookings` : `${min} to ${max} bookings`);
  else if (min !== undefined) lines.push(`At least ${min} ${min === 1 ? 'booking' : 'bookings'}`);
  else if (max !== undefined) lines.push(`At most ${max} ${max === 1 ? 'booking' : 'bookings'}`);
  if (rules.hasMembership !== undefined) lines.push(rules.hasMembership ? 'Has an active membership' : 'No active membership');
  if (rules.vehicleType) lines.push(`Has a ${rules.vehicleType}`);
  if (rules.signedUpFrom && rules.signedUpTo) lines.push(`Signed up ${rules.signedUpFrom} to ${rules.signedUpTo}`);
  else if (rules.signedUpFrom) lines.push(`Signed up on or after ${rules.signedUpFrom}`);
  else if (rules.signedUpTo) lines.push(`Signed up on or before ${rules.signedUpTo}`);
  return lines.length > 0 ? lines : ['Everyone'];
}

/** Whether a booking count fits the rules' minimum and maximum (both included). */
export function bookingCountFits(rules: Pick<AudienceRules, 'minBookings' | 'maxBookings'>, bookings: number): boolean {
  return (
    (rules.minBookings === undefined || bookings >= rules.minBookings) && (rules.maxBookings === undefined || bookings <= rules.maxBookings)
  );
}

/** Whether the rules need the booking count at all: "at least 0" and an absent maximum ask nothing. */
export const needsBookingCount = (rules: Pick<AudienceRules, 'minBookings' | 'maxBookings'>) =>
  (rules.minBookings !== undefined && rules.minBookings > 0) || rules.maxBookings !== undefined;

/** Masks an email for the audience sample: the first letter of the name, then the domain ("j***@example.com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
