// Trust a customer can see (decision 050): a detailer's figures, badges and portfolio. Pure rules, no zod.

/** The documents a detailer can send for a badge, and the badge each one earns. */
export const documentKinds = ['insurance', 'business_licence'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const badgeLabels: Record<DocumentKind, string> = { insurance: 'Insured', business_licence: 'Licensed business' };
export const documentLabels: Record<DocumentKind, string> = { insurance: 'Insurance certificate', business_licence: 'Business licence' };

export const documentStatuses = ['pending', 'granted', 'refused'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** Response time looks at requests answered in this many days. */
export const responseWindowDays = 90;
/** Fewer answered requests than this say nothing about a habit: no response time is shown. */
export const minAnsweredRequests = 3;

/** The median of the waits in milliseconds, in whole hours rounded up (at least 1), or null when too few. */
export function typicalResponseHours(waitsMs: readonly number[]): number | null {
  if (waitsMs.length < minAnsweredRequests) return null;
  const sorted = [...waitsMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.max(1, Math.ceil(median / 3_600_000));
}

export const responseTimeText = (hours: number) => `Usually responds within ${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** A granted badge shows through its expiry date (in the detailer's zone) and is gone the day after. */
export const isBadgeCurrent = (expiresOn: string, today: string) => expiresOn >= today;

/** 'November 2026' from 'YYYY-MM' (the month is the same everywhere it is read). */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The question the customer answers once after their review, in their words. */
export const portfolioConsentQuestion = (detailerName: string) =>
  `May ${detailerName} show the before and after photos of this job on their profile?`;

export const verifiedJobLabel = 'Verified job';

/** 'Dec 31, 2026' from 'YYYY-MM-DD': a badge's expiry as the page says it. */
export function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** 'Full Detail · March 2026': what a portfolio pair's 'Verified job' mark says about it. */
export const verifiedJobDetail = (serviceName: string, month: string) => `${serviceName} · ${monthLabel(month)}`;
