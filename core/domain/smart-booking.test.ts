import { describe, expect, it } from 'vitest';
import { rankSmartOffers, smartBookingWeights, type SmartCandidate } from './smart-booking.ts';

const candidate = (id: number, overrides: Partial<SmartCandidate> = {}): SmartCandidate => ({
  detailerId: id,
  businessName: `Detailer ${id}`,
  rating: 4.5,
  reviewCount: 10,
  distanceMiles: 3,
  inArea: true,
  priceCents: 5900,
  startsAt: '2026-12-01T17:00:00.000Z',
  ...overrides,
});

const ids = (offers: { detailerId: number }[]) => offers.map((o) => o.detailerId);

describe('rankSmartOffers', () => {
  it('never offers a detailer outside the service area, however good', () => {
    const offers = rankSmartOffers([
      candidate(1, { inArea: false, rating: 5, distanceMiles: 0.5, priceCents: 100, startsAt: '2026-12-01T16:00:00.000Z' }),
      candidate(2),
    ]);
    expect(ids(offers)).toEqual([2]);
  });

  it('never offers a detailer whose day is full', () => {
    expect(ids(rankSmartOffers([candidate(1, { startsAt: null, rating: 5 }), candidate(2, { rating: 3 })]))).toEqual([2]);
    expect(rankSmartOffers([candidate(1, { startsAt: null })])).toEqual([]);
  });

  it('returns the best three', () => {
    const offers = rankSmartOffers([1, 2, 3, 4, 5].map((id) => candidate(id, { rating: 3 + id / 5 })));
    expect(ids(offers)).toEqual([5, 4, 3]);
  });

  it('weighs soonest above nearest above cheapest', () => {
    const soon = candidate(1, { startsAt: '2026-12-01T16:00:00.000Z', distanceMiles: 9, priceCents: 9000 });
    const near = candidate(2, { startsAt: '2026-12-01T18:00:00.000Z', distanceMiles: 1, priceCents: 9000 });
    const cheap = candidate(3, { startsAt: '2026-12-01T18:00:00.000Z', distanceMiles: 9, priceCents: 5000 });
    expect(ids(rankSmartOffers([cheap, near, soon]))).toEqual([1, 2, 3]);
    expect(
      smartBookingWeights.soonest + smartBookingWeights.nearest + smartBookingWeights.bestRated + smartBookingWeights.cheapest,
    ).toBeCloseTo(1);
  });

  it('keeps the candidates\u2019 order on equal scores', () => {
    expect(ids(rankSmartOffers([candidate(7), candidate(3), candidate(5), candidate(1)]))).toEqual([7, 3, 5]);
  });

  it('labels each offer with what it wins, and nothing all offers share', () => {
    const [first, second] = rankSmartOffers([
      candidate(1, { startsAt: '2026-12-01T16:00:00.000Z', rating: 4.9 }),
      candidate(2, { distanceMiles: 1, priceCents: 4900 }),
    ]);
    expect(first!.reasons).toEqual(['Soonest', 'Best rated']);
    expect(second!.reasons).toEqual(['Nearest', 'Cheapest']);
  });

  it('gives a lone offer every reason and a tied offer its strongest', () => {
    expect(rankSmartOffers([candidate(1)])[0]!.reasons).toEqual(['Soonest', 'Nearest', 'Best rated', 'Cheapest']);
    const offers = rankSmartOffers([candidate(1), candidate(2)]);
    expect(offers.map((o) => o.reasons)).toEqual([['Soonest'], ['Soonest']]);
  });

  it('a detailer without a base is offered but is never the nearest', () => {
    const offers = rankSmartOffers([candidate(1, { distanceMiles: null }), candidate(2, { distanceMiles: 8 })]);
    expect(offers.find((o) => o.detailerId === 2)!.reasons).toContain('Nearest');
    expect(offers.find((o) => o.detailerId === 1)!.reasons).not.toContain('Nearest');
  });
});
