// Smart booking (issue 20): the best three offers for what, which car, where and when the customer asked. One pure
// ranking with its weights in one place; the server gathers the candidates (server/smart-booking/).

/** One detailer who offers what was asked, with their earliest free start in the asked window (null: none). */
export type SmartCandidate = {
  detailerId: number;
  businessName: string;
  rating: number;
  reviewCount: number;
  /** From the detailer's base to the job's place; null when the detailer has no base (they take any address). */
  distanceMiles: number | null;
  /** Whether the job's place lies inside the detailer's service area. */
  inArea: boolean;
  /** The price the customer pays for the service: price plus the vehicle type's surcharge. */
  priceCents: number;
  /** ISO instant of the earliest free start that leaves drive time; null when the asked day or window is full. */
  startsAt: string | null;
};

export const smartReasons = ['Soonest', 'Nearest', 'Best rated', 'Cheapest'] as const;
export type SmartReason = (typeof smartReasons)[number];

export type SmartOffer<C extends SmartCandidate = SmartCandidate> = C & { startsAt: string; score: number; reasons: SmartReason[] };

/**
 * How much each criterion counts: the sum is 1. Soonest leads (people smart-book to get it done), then nearest (a
 * short drive keeps the detailer on time) and best rated, then cheapest (prices of one service differ little).
 */
export const smartBookingWeights = { soonest: 0.35, nearest: 0.25, bestRated: 0.25, cheapest: 0.15 } as const;

export const smartOfferCount = 3;

type Criterion = { reason: SmartReason; weight: number; value: (c: SmartCandidate & { startsAt: string }) => number };

/** Each criterion as a number where lower is better. */
const criteria: Criterion[] = [
  { reason: 'Soonest', weight: smartBookingWeights.soonest, value: (c) => Date.parse(c.startsAt) },
  { reason: 'Nearest', weight: smartBookingWeights.nearest, value: (c) => c.distanceMiles ?? Number.POSITIVE_INFINITY },
  { reason: 'Best rated', weight: smartBookingWeights.bestRated, value: (c) => -c.rating },
  { reason: 'Cheapest', weight: smartBookingWeights.cheapest, value: (c) => c.priceCents },
];

/** 1 for the best value among the candidates, 0 for the worst, in between in proportion; 1 for all when they tie. */
function normalized(values: number[]): number[] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return values.map(() => 0);
  const best = Math.min(...finite);
  const worst = Math.max(...finite);
  return values.map((v) => (!Number.isFinite(v) ? 0 : worst === best ? 1 : (worst - v) / (worst - best)));
}

/**
 * The best offers: a detailer outside the place's service area or without a free start is never offered; the rest
 * are scored by the weights and the best `count` returned, equal scores keeping the candidates' order. Each offer
 * carries the reasons it wins among the offers shown (a reason all of them share says nothing, so none gets it);
 * an offer winning none is labelled by its strongest weighted criterion.
 */
export function rankSmartOffers<C extends SmartCandidate>(candidates: readonly C[], count = smartOfferCount): SmartOffer<C>[] {
  const open = candidates.filter((c): c is C & { startsAt: string } => c.inArea && c.startsAt !== null);
  const columns = criteria.map((criterion) => normalized(open.map(criterion.value)));
  const scored = open.map((candidate, i) => {
    const parts = criteria.map((criterion, k) => criterion.weight * columns[k]![i]!);
    // Rounded so float noise cannot break a tie that should keep the candidates' order.
    const score = Math.round(parts.reduce((sum, part) => sum + part, 0) * 1e6) / 1e6;
    return { candidate, score, parts };
  });
  const best = [...scored].sort((a, b) => b.score - a.score).slice(0, count);
  return best.map(({ candidate, score, parts }) => {
    const reasons = criteria
      .filter((criterion) => {
        const values = best.map((offer) => criterion.value(offer.candidate));
        const mine = criterion.value(candidate);
        if (!Number.isFinite(mine)) return false;
        const top = Math.min(...values);
        return mine === top && (best.length === 1 || values.some((v) => v !== top));
      })
      .map((criterion) => criterion.reason);
    if (reasons.length === 0) {
      // Still true of it: a criterion it shares the best value of (the weightiest), else its strongest one.
      const shared = criteria.find(
        (criterion) => criterion.value(candidate) === Math.min(...best.map((o) => criterion.value(o.candidate))),
      );
      reasons.push(shared?.reason ?? criteria[parts.indexOf(Math.max(...parts))]!.reason);
    }
    return { ...candidate, score, reasons };
  });
}
