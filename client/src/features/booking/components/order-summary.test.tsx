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
});
