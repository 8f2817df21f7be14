// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearPendingBooking, draftAmounts, emptyPendingBooking, readPendingBooking, savePendingBooking } from './pending-booking.ts';

afterEach(() => localStorage.clear());

describe('pendingBooking draft', () => {
  it('saves under the spec key and reads back what was saved', () => {
    const draft = { ...emptyPendingBooking(1, 2), vehicleType: 'SUV', date: '2026-11-23', time: '10:00 AM', totalAmount: 78.72 };
    savePendingBooking(draft);
    expect(JSON.parse(localStorage.getItem('pendingBooking')!)).toMatchObject({ detailerId: 1, serviceId: 2, totalAmount: 78.72 });
    expect(readPendingBooking()).toEqual(draft);
    clearPendingBooking();
    expect(readPendingBooking()).toBeNull();
  });

  it('drops an unreadable entry instead of failing', () => {
    localStorage.setItem('pendingBooking', '{not json');
    expect(readPendingBooking()).toBeNull();
    expect(localStorage.getItem('pendingBooking')).toBeNull();
    localStorage.setItem('pendingBooking', JSON.stringify({ detailerId: 'one' }));
    expect(readPendingBooking()).toBeNull();
    // Each field is checked: a wrong kind in an optional field, a step the flow does not have, a missing field.
    for (const broken of [{ vehicleId: '7' }, { step: 4 }, { notes: undefined }]) {
      localStorage.setItem('pendingBooking', JSON.stringify({ ...emptyPendingBooking(1, 2), ...broken }));
      expect(readPendingBooking(), JSON.stringify(broken)).toBeNull();
      expect(localStorage.getItem('pendingBooking')).toBeNull();
    }
  });

  it("keeps an older draft without the optional fields, and only the draft's own fields", () => {
    localStorage.setItem(
      'pendingBooking',
      JSON.stringify({ ...emptyPendingBooking(1, 2), step: 2, vehicleId: null, injected: '<script>' }),
    );
    expect(readPendingBooking()).toEqual({ ...emptyPendingBooking(1, 2), step: 2, vehicleId: null });
  });

  it("holds core's pricing in dollars: $59.00 + $15.00 fee + 8% tax; nothing before a service is chosen", () => {
    expect(draftAmounts(5900)).toEqual({ totalAmount: 78.72, serviceFee: 15, taxAmount: 4.72 });
    expect(draftAmounts(null)).toEqual({ totalAmount: null, serviceFee: null, taxAmount: null });
    // With the platform's settings now (decision 022): a $20.00 fee and 10 % tax.
    expect(draftAmounts(5900, { serviceFeeCents: 2000, taxRateBasisPoints: 1000 })).toEqual({
      totalAmount: 84.9,
      serviceFee: 20,
      taxAmount: 5.9,
    });
  });
});
