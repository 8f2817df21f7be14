// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderSummary } from './order-summary.tsx';

afterEach(cleanup);

function amountOf(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

describe('OrderSummary', () => {
  it('shows $59.00 -> Service Fee $15.00, Tax $4.72, Total $78.72', () => {
    render(<OrderSummary serviceName="Basic Exterior Wash" priceCents={5900} />);
    expect(amountOf('Basic Exterior Wash')).toBe('$59.00');
    expect(amountOf('Service Fee')).toBe('$15.00');
    expect(amountOf('Tax')).toBe('$4.72');
    expect(amountOf('Total')).toBe('$78.72');
  });

  it('follows the price: $399 -> Tax $31.92, Total $445.92', () => {
    render(<OrderSummary serviceName="Ceramic Coating" priceCents={39900} />);
    expect(amountOf('Tax')).toBe('$31.92');
    expect(amountOf('Total')).toBe('$445.92');
  });

  it("shows the chosen vehicle type's surcharge as its own line, taxed with the price: SUV $20 on $59 -> $100.32", () => {
    const surcharges = [
      { vehicleType: 'SUV' as const, surchargeCents: 2000 },
      { vehicleType: 'Van' as const, surchargeCents: 3500 },
    ];
    render(<OrderSummary serviceName="Basic Exterior Wash" priceCents={5900} vehicleType="SUV" surcharges={surcharges} />);
    expect(amountOf('Basic Exterior Wash')).toBe('$59.00');
    expect(amountOf('SUV surcharge')).toBe('$20.00');
    expect(amountOf('Service Fee')).toBe('$15.00');
    expect(amountOf('Tax')).toBe('$6.32');
    expect(amountOf('Total')).toBe('$100.32');
  });

  it('shows no surcharge line for a vehicle type without one', () => {
    render(<OrderSummary serviceName="Basic Exterior Wash" priceCents={5900} vehicleType="Sedan" surcharges={[{ vehicleType: 'SUV', surchargeCents: 2000 }]} />);
    expect(screen.queryByText(/surcharge/)).toBeNull();
    expect(amountOf('Total')).toBe('$78.72');
  });
});

describe('OrderSummary with the live settings and a discount (decision 022)', () => {
  it("prices with the platform's settings: a $20.00 fee and 10 % tax on $59 -> $84.90", () => {
    render(<OrderSummary serviceName="Basic Exterior Wash" priceCents={5900} settings={{ serviceFeeCents: 2000, taxRateBasisPoints: 1000 }} />);
    expect(amountOf('Service Fee')).toBe('$20.00');
    expect(amountOf('Tax')).toBe('$5.90');
    expect(amountOf('Total')).toBe('$84.90');
  });

  it("shows a promo code's line, negative, taxed after it: $10 off $59 -> $67.92", () => {
    render(<OrderSummary serviceName="Basic Exterior Wash" priceCents={5900} discount={{ discountCents: 1000, discountSource: 'promo_code', promoCode: 'SPRING10' }} />);
    expect(amountOf('Promo code SPRING10')).toBe('-$10.00');
    expect(amountOf('Tax')).toBe('$3.92');
    expect(amountOf('Total')).toBe('$67.92');
  });

  it("shows 'Covered by your plan' with no fee for a covered visit", () => {
    render(<OrderSummary serviceName="Basic Exterior Wash" priceCents={5900} discount={{ discountCents: 5900, discountSource: 'covered_visit', promoCode: null }} />);
    expect(amountOf('Covered by your plan')).toBe('-$59.00');
    expect(amountOf('Service Fee')).toBe('$0.00');
    expect(amountOf('Total')).toBe('$0.00');
  });
});
