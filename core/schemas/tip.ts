import { z } from 'zod';
import { customTipChoice, maxTipCents, minTipCents } from '../domain/tip.ts';
import { dollarsTextSchema } from './common.ts';
import { gatewayKinds, intentStatuses } from './payments.ts';

/** POST /api/bookings/:id/tip: the amount, and the client's key so that a retried request finds the same tip. */
export const createTipSchema = z.object({
  amountCents: z
    .number({ error: 'amountCents must be a whole number of cents' })
    .int('amountCents must be a whole number of cents')
    .min(minTipCents, 'A tip must be at least $1.00')
    .max(maxTipCents, 'A tip must be at most $1,000.00'),
  idempotencyKey: z.uuid({ error: 'idempotencyKey must be a UUID' }),
  /** Pay at once with the one-tap card (GET .../tip's bookingCard: the default card, else the booking's): the one-tap tip. */
  withBookingCard: z.boolean({ error: 'withBookingCard must be true or false' }).optional(),
});
export type CreateTipInput = z.infer<typeof createTipSchema>;

/** The 'Other amount' field: dollars typed in, within the tip bounds, as the cents createTipSchema takes. */
export const customTipTextSchema = dollarsTextSchema('Enter an amount in dollars, such as 10.00.')
  .refine((cents) => cents >= minTipCents, 'A tip must be at least $1.00.')
  .refine((cents) => cents <= maxTipCents, 'A tip must be at most $1,000.00.')
  .pipe(createTipSchema.shape.amountCents);

/**
 * The 'Add a tip' form: a suggested percent (its amount from `suggestions`) or `customTipChoice` with an amount
 * typed in dollars, as the amount of POST /api/bookings/:id/tip. What is wrong with the amount is under `custom`.
 */
export const tipFormSchema = (suggestions: ReadonlyArray<{ percent: number; amountCents: number }>) =>
  z
    .object({ choice: z.string(), custom: z.string() })
    .transform(({ choice, custom }, context) => {
      const suggestion = suggestions.find((s) => String(s.percent) === choice);
      if (choice !== customTipChoice && suggestion) return { amountCents: suggestion.amountCents };
      const amount = customTipTextSchema.safeParse(custom);
      if (amount.success) return { amountCents: amount.data };
      for (const issue of amount.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: ['custom'] });
      return z.NEVER;
    })
    .pipe(createTipSchema.pick({ amountCents: true }));
export type TipFormInput = z.input<ReturnType<typeof tipFormSchema>>;
export type TipForm = z.output<ReturnType<typeof tipFormSchema>>;

/** The tip's intent: the card form confirms it (POST /api/tips/test-gateway/confirm, or Stripe's form). */
export const tipIntentSchema = z.object({
  tipId: z.number().int(),
  bookingId: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(intentStatuses),
  clientSecret: z.string(),
  gateway: z.enum(gatewayKinds),
  publishableKey: z.string().nullable(),
});
export type TipIntent = z.infer<typeof tipIntentSchema>;

/** GET /api/bookings/:id/tip: the booking's tip (the succeeded one, else none) and whether one may be added. */
export const bookingTipSchema = z.object({
  tip: z.object({ amountCents: z.number().int(), status: z.enum(intentStatuses), createdAt: z.string() }).nullable(),
  /** Completed, within 48 hours of completion, no tip yet, asked by the booking's customer. */
  canTip: z.boolean(),
  /** When the window closes (ISO), null before completion. */
  closesAt: z.string().nullable(),
  /** 15 %, 20 % and 25 % of the price (core/domain/tip.ts). */
  suggestions: z.array(z.object({ percent: z.number().int(), amountCents: z.number().int() })),
  /** The card a one-tap tip pays with: the customer's default card, else the one the booking was paid with. Null when none can be used. */
  bookingCard: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type BookingTip = z.infer<typeof bookingTipSchema>;
