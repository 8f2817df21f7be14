// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingPrice } from '@core/domain/pricing.ts';
import { OrderSummary } from './order-summary.tsx';

afterEach(cleanup);

function amountOf(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

// The server's quote is bookingPrice's answer plus where the discount came from (server/bookings/booking-quote.ts).
const quote = (...args: Parameters<typeof bookingPrice>) => ({ ...bookingPrice(...args), discountSource: null });

describe("OrderSummary shows the server's quote line by line", () => {
  it('shows $59.00 -> Service Fee $15.00, Tax $4.72, Total $78.72', () => {
    render(<OrderSummary serviceName="Basic Exterior Wash" vehicleType="Sedan" quote={quote(5900)} />);
    expect(amountOf('Basic Exterior Wash')).toBe('$59.00');
    expect(amountOf('Service Fee')).toBe('$15.00');
    expect(amountOf('Tax')).toBe('$4.72');
    expect(amountOf('Total')).toBe('$78.72');
    expect(screen.queryByText(/surcharge/)).toBeNull();
  });

  it("shows the vehicle type's surcharge as its own line: SUV $20 on $59 -> $100.32", () => {
    render(<OrderSummary serviceName="Basic Exterior Wash" vehicleType="SUV" quote={quote(5900, 2000)} />);
    expect(amountOf('SUV surcharge')).toBe('$20.00');
    expect(amountOf('Tax')).toBe('$6.32');
    expect(amountOf('Total')).toBe('$100.32');
  });

  it("shows the member's discount, taken off before tax", () => {
    render(
      <OrderSummary
        serviceName="Full Interior Detail"
        vehicleType="Sedan"
        quote={{ ...bookingPrice(12900, 0, { discountCents: 1290 }), discountSource: 'membership' }}
      />,
    );
    expect(amountOf('Member discount')).toBe('-$12.90');
    expect(amountOf('Total')).toBe('$140.39');
  });

  it("shows 'Covered by your plan' with no fee and a $0.00 total for a covered visit", () => {
    render(
      <OrderSummary
        serviceName="Basic Exterior Wash"
        vehicleType="Sedan"
        quote={{ ...bookingPrice(5900, 0, { discountCents: 5900, waiveServiceFee: true }), discountSource: 'covered_visit' }}
      />,
    );
    expect(amountOf('Covered by your plan')).toBe('-$59.00');
    expect(amountOf('Service Fee')).toBe('$0.00');
    expect(amountOf('Total')).toBe('$0.00');
  });
});
