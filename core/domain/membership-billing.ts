/**
 * The calendar of a membership (decision 022): billed on the same day each month (a shorter month uses its last
 * day), a failed renewal retried on days 1, 3 and 5 after the period's end, then canceled. Pure, in UTC.
 */

/** Days after the period's end when a failed renewal is tried again; after the last one the membership ends. */
export const renewalRetryDays = [1, 3, 5] as const;

const dayMs = 86_400_000;

function lastDayOfMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The same time of day `months` months after `from`, on `billingDay` (or the month's last day when it is shorter):
 * billed on the 31st, a member is billed on Feb 28 (29) and back on Mar 31.
 */
export function addBillingMonths(from: Date, months: number, billingDay: number): Date {
  const year = from.getUTCFullYear();
  const monthIndex = from.getUTCMonth() + months;
  const day = Math.min(billingDay, lastDayOfMonth(year, monthIndex));
  return new Date(
    Date.UTC(year, monthIndex, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  );
}

/** When the failed renewal of a period ending at `periodEnd` is tried for the `attempt`th time (1-based), or null when retries are over. */
export function nextRetryAt(periodEnd: Date, failedAttempts: number): Date | null {
  const days = renewalRetryDays[failedAttempts - 1];
  return days === undefined ? null : new Date(periodEnd.getTime() + days * dayMs);
}

/**
 * An upgrade's charge now: the difference of the monthly prices for what is left of the period, rounded to the
 * cent; nothing for a downgrade (it takes effect at the next renewal) or a period already over.
 */
export function prorationCents(fromMonthlyCents: number, toMonthlyCents: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const difference = toMonthlyCents - fromMonthlyCents;
  const length = periodEnd.getTime() - periodStart.getTime();
  const left = Math.min(length, Math.max(0, periodEnd.getTime() - now.getTime()));
  if (difference <= 0 || length <= 0 || left <= 0) return 0;
  return Math.round((difference * left) / length);
}

/** The plan marked 'Best value': the one with the lowest price per included visit (ties: the cheaper plan). */
export function bestValuePlanId(plans: { id: number; monthlyPriceCents: number; includedVisitsPerMonth: number }[]): number | null {
  let best: { id: number; perVisit: number; price: number } | null = null;
  for (const plan of plans) {
    if (plan.includedVisitsPerMonth <= 0) continue;
    const perVisit = plan.monthlyPriceCents / plan.includedVisitsPerMonth;
    if (!best || perVisit < best.perVisit || (perVisit === best.perVisit && plan.monthlyPriceCents < best.price)) {
      best = { id: plan.id, perVisit, price: plan.monthlyPriceCents };
    }
  }
  return plans.length > 1 ? (best?.id ?? null) : null;
}
