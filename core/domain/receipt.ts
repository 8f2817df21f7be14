import { discountLineLabel, type DiscountSource } from './discount.ts';

/**
 * A receipt's lines (decision 020): what the booking cost, what the card was charged (the ledger's captures), the
 * tip and the refunds, in integer cents. Credits and refunds are negative lines; 'Total paid' is what the customer
 * is out of pocket now. The server builds them from the booking and the ledger; the page and the email print them.
 */
export type ReceiptLineKind =
  | 'service'
  | 'surcharge'
  | 'discount'
  | 'fee'
  | 'tax'
  | 'credits'
  | 'cancellation-fee'
  | 'charged'
  | 'tip'
  | 'refund'
  | 'total';

export type ReceiptLine = { kind: ReceiptLineKind; label: string; amountCents: number };

export type ReceiptMoney = {
  /** 'service' for a completed job; 'cancellation' when only a late cancellation's fee was charged. */
  basis: 'service' | 'cancellation';
  serviceName: string;
  vehicleType: string;
  priceCents: number;
  vehicleSurchargeCents: number;
  /** Off price and surcharge (decision 022), 0 when none; the source and code name its line. */
  discountCents?: number;
  discountSource?: DiscountSource | null;
  promoCode?: string | null;
  serviceFeeCents: number;
  taxCents: number;
  /** Referral credits the charge used (0 when none, and for a cancellation fee: those credits came back). */
  creditsAppliedCents: number;
  /** The succeeded captures of the booking's intent. */
  capturedCents: number;
  /** The succeeded tip's capture, 0 when none. */
  tipCents: number;
  /** The succeeded refunds of the booking's intent. */
  refundedCents: number;
};

export type ReceiptTotals = { lines: ReceiptLine[]; chargedCents: number; totalPaidCents: number };

export function receiptNumber(bookingId: number): string {
  return `GL-${String(bookingId).padStart(6, '0')}`;
}

export function buildReceiptLines(money: ReceiptMoney): ReceiptTotals {
  const lines: ReceiptLine[] = [];
  if (money.basis === 'service') {
    lines.push({ kind: 'service', label: money.serviceName, amountCents: money.priceCents });
    if (money.vehicleSurchargeCents > 0) {
      lines.push({ kind: 'surcharge', label: `Vehicle surcharge (${money.vehicleType})`, amountCents: money.vehicleSurchargeCents });
    }
    const discountCents = money.discountCents ?? 0;
    if (discountCents > 0) {
      lines.push({
        kind: 'discount',
        label: discountLineLabel(money.discountSource ?? null, money.promoCode ?? null),
        amountCents: -discountCents,
      });
    }
    lines.push({ kind: 'fee', label: 'Service fee', amountCents: money.serviceFeeCents });
    lines.push({ kind: 'tax', label: 'Tax', amountCents: money.taxCents });
    if (money.creditsAppliedCents > 0) lines.push({ kind: 'credits', label: 'Referral credits', amountCents: -money.creditsAppliedCents });
  } else {
    lines.push({ kind: 'cancellation-fee', label: `Cancellation fee (${money.serviceName})`, amountCents: money.capturedCents });
  }
  // The ledger is the truth of what was charged; the lines above say why.
  lines.push({ kind: 'charged', label: 'Charged to card', amountCents: money.capturedCents });
  if (money.tipCents > 0) lines.push({ kind: 'tip', label: 'Tip', amountCents: money.tipCents });
  if (money.refundedCents > 0) lines.push({ kind: 'refund', label: 'Refunded', amountCents: -money.refundedCents });
  const totalPaidCents = money.capturedCents + money.tipCents - money.refundedCents;
  lines.push({ kind: 'total', label: 'Total paid', amountCents: totalPaidCents });
  return { lines, chargedCents: money.capturedCents, totalPaidCents };
}

/** The lines that make up the charge (before 'Charged to card'): they add up to it when the ledger agrees. */
export function chargeBreakdownCents(lines: readonly ReceiptLine[]): number {
  const end = lines.findIndex((line) => line.kind === 'charged');
  return lines.slice(0, end).reduce((sum, line) => sum + line.amountCents, 0);
}
