import { describe, expect, it } from 'vitest';
import { buildReceiptLines, chargeBreakdownCents, receiptNumber, type ReceiptMoney } from './receipt.ts';

const completed: ReceiptMoney = {
  basis: 'service',
  serviceName: 'Basic Exterior Wash',
  vehicleType: 'SUV',
  priceCents: 5900,
  vehicleSurchargeCents: 0,
  serviceFeeCents: 1500,
  taxCents: 472,
  creditsAppliedCents: 0,
  capturedCents: 7872,
  tipCents: 0,
  refundedCents: 0,
};

describe('receipt lines', () => {
  it('lists the price, fee, tax and the charge, which they add up to', () => {
    const receipt = buildReceiptLines(completed);
    expect(receipt.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['service', 5900],
      ['fee', 1500],
      ['tax', 472],
      ['charged', 7872],
      ['total', 7872],
    ]);
    expect(chargeBreakdownCents(receipt.lines)).toBe(receipt.chargedCents);
  });

  it('adds the surcharge and takes off the credits when there are any', () => {
    const receipt = buildReceiptLines({
      ...completed,
      vehicleSurchargeCents: 1000,
      taxCents: 552,
      creditsAppliedCents: 500,
      capturedCents: 8452,
    });
    expect(receipt.lines.find((l) => l.kind === 'surcharge')).toEqual({
      kind: 'surcharge',
      label: 'Vehicle surcharge (SUV)',
      amountCents: 1000,
    });
    expect(receipt.lines.find((l) => l.kind === 'credits')?.amountCents).toBe(-500);
    expect(chargeBreakdownCents(receipt.lines)).toBe(8452);
  });

  it('counts the tip in and the refunds out of the total paid', () => {
    const receipt = buildReceiptLines({ ...completed, tipCents: 1180, refundedCents: 2000 });
    expect(receipt.lines.slice(-3)).toEqual([
      { kind: 'tip', label: 'Tip', amountCents: 1180 },
      { kind: 'refund', label: 'Refunded', amountCents: -2000 },
      { kind: 'total', label: 'Total paid', amountCents: 7052 },
    ]);
    expect(receipt.totalPaidCents).toBe(7052);
  });

  it('shows only the fee for a late cancellation', () => {
    const receipt = buildReceiptLines({ ...completed, basis: 'cancellation', capturedCents: 1500 });
    expect(receipt.lines.map((l) => l.kind)).toEqual(['cancellation-fee', 'charged', 'total']);
    expect(chargeBreakdownCents(receipt.lines)).toBe(1500);
  });

  it('numbers receipts GL- and six digits', () => {
    expect(receiptNumber(123)).toBe('GL-000123');
    expect(receiptNumber(1234567)).toBe('GL-1234567');
  });
});

describe('receipt discount line (decision 022)', () => {
  const discounted: ReceiptMoney = { ...completed, discountCents: 1000, taxCents: 392, capturedCents: 6792 };

  it('names a promo code with its code, taken off before the fee, and still adds up to the charge', () => {
    const receipt = buildReceiptLines({ ...discounted, discountSource: 'promo_code', promoCode: 'SPRING10' });
    expect(receipt.lines.map((l) => [l.kind, l.label, l.amountCents]).slice(0, 4)).toEqual([
      ['service', 'Basic Exterior Wash', 5900],
      ['discount', 'Promo code SPRING10', -1000],
      ['fee', 'Service fee', 1500],
      ['tax', 'Tax', 392],
    ]);
    expect(chargeBreakdownCents(receipt.lines)).toBe(6792);
  });

  it("says 'Member discount' for a membership and 'Covered by your plan' for a covered visit", () => {
    expect(buildReceiptLines({ ...discounted, discountSource: 'membership' }).lines[1]).toEqual({
      kind: 'discount',
      label: 'Member discount',
      amountCents: -1000,
    });
    const covered = buildReceiptLines({
      ...completed,
      discountCents: 5900,
      discountSource: 'covered_visit',
      serviceFeeCents: 0,
      taxCents: 0,
      capturedCents: 0,
    });
    expect(covered.lines[1]).toEqual({ kind: 'discount', label: 'Covered by your plan', amountCents: -5900 });
  });

  it('has no discount line without a discount', () => {
    expect(buildReceiptLines({ ...completed, discountCents: 0, discountSource: null }).lines.some((l) => l.kind === 'discount')).toBe(
      false,
    );
  });
});
