/** 'Answer within 3 h 20 min' style wording of the time left until `deadline`; minutes rounded up, never negative. */
export function timeLeftText(deadline: Date, now: Date): string {
  const minutes = Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 60_000));
  if (minutes === 0) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The days the acceptance rate looks back over. */
export const acceptanceWindowDays = 90;

/**
 * Accepted / (accepted + declined + expired), as a whole percent rounded half up; null when the detailer answered
 * nothing in the window (the screen shows '—', not 0 %).
 */
export function acceptanceRatePercent(counts: { accepted: number; declined: number; expired: number }): number | null {
  const answered = counts.accepted + counts.declined + counts.expired;
  if (answered === 0) return null;
  return Math.floor((counts.accepted * 200 + answered) / (answered * 2));
}
