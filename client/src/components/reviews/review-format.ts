/** 'December 7' (with the year when it is not this year): the day a review window closes. */
export function formatReviewDeadline(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

/** 'Dec 7, 2026, 3:30 PM': when an author's edits close. */
export function formatReviewTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
