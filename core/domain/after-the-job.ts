/** The windows after a job is completed (decision 020), counted from the booking's completedAt. */

const hour = 3_600_000;

/** A tip may be added, and a problem reported, for this long after completion. */
export const tipWindowHours = 48;
export const claimWindowHours = 48;

/** A reported problem: its description's length and how many photos it carries. */
export const claimDescriptionMin = 10;
export const claimDescriptionMax = 2000;
export const claimPhotosMax = 6;
/** Both sides may review for this long; then the reviews written are published and no more are taken. */
export const reviewWindowDays = 14;
/** An author may edit their review for this long after writing it. */
export const reviewEditHours = 24;

/**
 * A covered visit (paid by Glossly, not the member) is credited to its detailer only once the member could no longer
 * report a problem with it: the claim window after completion, with no claim upheld or still open (decision 043).
 */
export function coveredVisitCreditAt(completedAt: Date | string): Date {
  return new Date(new Date(completedAt).getTime() + claimWindowHours * hour);
}

export function isWithinHours(since: Date | string, hours: number, now: Date): boolean {
  return now.getTime() < new Date(since).getTime() + hours * hour;
}

export function reviewWindowClosesAt(completedAt: Date | string): Date {
  return new Date(new Date(completedAt).getTime() + reviewWindowDays * 24 * hour);
}
