import { z } from 'zod';

export const receiptLineKinds = [
  'service',
  'surcharge',
  'discount',
  'fee',
  'tax',
  'credits',
  'cancellation-fee',
  'charged',
  'tip',
  'refund',
  'total',
] as const;

/** GET /api/bookings/:id/receipt: once something was captured (completion, or a late cancellation's fee). */
export const receiptSchema = z.object({
  bookingId: z.number().int(),
  /** 'GL-000123' */
  receiptNumber: z.string(),
  serviceName: z.string(),
  detailerBusinessName: z.string(),
  customerName: z.string(),
  /** 'Mon, Nov 23, 2026 at 9:00 AM' in the detailer's time zone, and that zone. */
  when: z.string(),
  timeZone: z.string(),
  address: z.string(),
  /** Credits and refunds are negative; the last line is 'Total paid'. */
  lines: z.array(z.object({ kind: z.enum(receiptLineKinds), label: z.string(), amountCents: z.number().int() })),
  chargedCents: z.number().int(),
  totalPaidCents: z.number().int(),
  /** The card charged; null for the detailer, who never sees the customer's card. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** When the charge was taken (ISO). */
  chargedAt: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
