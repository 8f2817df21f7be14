// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingFacts } from './booking-facts.tsx';
import { BookingStatusBadge, bookingStatusText } from './booking-status-badge.tsx';

afterEach(cleanup);

describe('BookingStatusBadge', () => {
  it('shows the lifecycle status while nothing was refunded', () => {
    render(<BookingStatusBadge booking={{ status: 'completed', refundedCents: 0, refundableCents: 7872 }} />);
    expect(screen.getByText('Completed', { exact: true })).toBeTruthy();
  });

  it("says 'Refunded' once the refunds cover everything captured; the status stays completed underneath", () => {
    render(<BookingStatusBadge booking={{ status: 'completed', refundedCents: 7872, refundableCents: 0 }} />);
    const badge = screen.getByText('Refunded', { exact: true });
    expect(badge.getAttribute('data-status')).toBe('completed');
    expect(badge.getAttribute('data-refund')).toBe('full');
    expect(screen.queryByText('Completed')).toBeNull();
  });

  it("says 'Partially refunded' with the amount refunded while some is left", () => {
    render(<BookingStatusBadge booking={{ status: 'completed', refundedCents: 2000, refundableCents: 5872 }} />);
    expect(screen.getByText('Partially refunded · $20.00', { exact: true }).getAttribute('data-refund')).toBe('partial');
  });

  it('words a cancelled booking whose fee went back the same way, and works without the money fields', () => {
    expect(bookingStatusText('cancelled', { refundedCents: 1500, refundableCents: 0 })).toBe('Refunded');
    expect(bookingStatusText('cancelled')).toBe('Cancelled');
    expect(bookingStatusText('requested', { refundedCents: 0, refundableCents: 0 })).toBe('Requested');
  });
});

describe('BookingFacts', () => {
  const facts = { when: 'Tuesday at 10:00 AM', address: '1 Market St', city: 'San Francisco', zip: '94105', vehicleType: 'Sedan' };

  it('adds a refund line when money went back, and none otherwise', () => {
    const { rerender } = render(<BookingFacts {...facts} refundedCents={0} refundableCents={7872} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    rerender(<BookingFacts {...facts} refundedCents={2000} refundableCents={5872} />);
    expect(screen.getByText('Partially refunded · $20.00 back to the card')).toBeTruthy();
    rerender(<BookingFacts {...facts} refundedCents={7872} refundableCents={0} />);
    expect(screen.getByText('Refunded · $78.72 back to the card')).toBeTruthy();
  });
});
