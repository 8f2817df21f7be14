import { z } from 'zod';
import { billingZipPattern, cardMessages, cvcPattern } from '../domain/card.ts';
import { zipMessage, zipPattern } from '../domain/places.ts';
import { formatUsd } from '../domain/money.ts';
import { dollarsTextSchema, idParam, idSchema, textSchema } from './common.ts';

export const gatewayKinds = ['test', 'stripe'] as const;
export type GatewayKind = (typeof gatewayKinds)[number];

/** Payment-intent statuses, Stripe's names (the test gateway uses the same). */
export const intentStatuses = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;
export type IntentStatus = (typeof intentStatuses)[number];

/**
 * POST /api/create-payment-intent. `amount` (the spec's dollars) is accepted and ignored: the server charges the
 * booking's total minus the credits it applies. appliedCredits is in cents; omitted or 0 means no credits.
 */
export const createPaymentIntentSchema = z.object({
  bookingId: idParam('Booking'),
  /** Dollars, as the spec's client sends them (the user's referralCredits); the server caps them. */
  appliedCredits: z.coerce
    .number({ error: 'appliedCredits must be a number' })
    .min(0, 'appliedCredits cannot be negative')
    .max(1_000_000)
    .optional(),
  amount: z.unknown().optional(),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  /** Stripe's publishable key when Stripe is configured; null for the built-in test gateway. */
  publishableKey: z.string().nullable(),
  gateway: z.enum(gatewayKinds),
  amountCents: z.number().int(),
  /** The booking's total before credits. */
  totalCents: z.number().int(),
  creditsAppliedCents: z.number().int(),
  status: z.enum(intentStatuses),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

const { number: cardNumberInvalid, cvc: cvcInvalid, zip: zipIncomplete } = cardMessages;

/** The built-in gateway's card form. Only brand and last four digits are ever kept. */
export const testCardSchema = z.object({
  number: textSchema('Card number', 23, { tooLong: cardNumberInvalid, invalid: cardNumberInvalid }).min(12, cardNumberInvalid),
  expMonth: z.coerce.number().int().min(1, "Your card's expiration date is invalid.").max(12, "Your card's expiration date is invalid."),
  expYear: z.coerce
    .number()
    .int()
    .min(2000, "Your card's expiration year is invalid.")
    .max(2100, "Your card's expiration year is invalid."),
  cvc: textSchema('cvc', 4, { tooLong: cvcInvalid }).regex(cvcPattern, cvcInvalid),
  // One rule with the form's (core/domain/card.ts): 5 digits or ZIP+4.
  zip: textSchema('ZIP code', 10, { tooLong: zipIncomplete }).regex(billingZipPattern, zipIncomplete),
});
export type TestCardInput = z.infer<typeof testCardSchema>;

/** A typed `card` or the id of one of the caller's saved cards (`paymentMethodId`): spread into a request's fields. */
export const cardOrSavedCardFields = {
  card: testCardSchema.optional(),
  paymentMethodId: idSchema('paymentMethodId', 'paymentMethodId must be a saved card id').optional(),
};

/** The rule that goes with `cardOrSavedCardFields`: exactly one of the two is sent. */
export function oneCardOnly(
  input: { card?: TestCardInput; paymentMethodId?: number },
  ctx: z.RefinementCtx<{ card?: TestCardInput; paymentMethodId?: number }>,
): void {
  if (input.card && input.paymentMethodId !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['paymentMethodId'], message: 'Send either card or paymentMethodId, not both' });
  } else if (!input.card && input.paymentMethodId === undefined) {
    ctx.addIssue({ code: 'custom', path: ['card'], message: 'Card details are required' });
  }
}

/** A payment intent's client secret as the gateway gave it: opaque, so kept as sent. */
const clientSecretSchema = (field: string) => textSchema(field, 200, { trim: false }).min(1, `${field} is required`);

/**
 * POST /api/payments/test-gateway/confirm: a typed `card`, or the id of one of the caller's saved cards
 * (`paymentMethodId`, from GET /api/payment-methods); exactly one of the two.
 */
export const confirmTestPaymentSchema = z
  .object({
    clientSecret: clientSecretSchema('clientSecret'),
    ...cardOrSavedCardFields,
    /**
     * 'Keep this card for next time': once the card is authorized it is saved to /payment-methods as the customer's
     * default, the card one tap pays with next time (typed cards only).
     */
    saveCard: z.boolean().optional(),
  })
  .superRefine(oneCardOnly);
export type ConfirmTestPaymentInput = z.infer<typeof confirmTestPaymentSchema>;

/** POST /api/payments/test-gateway/authenticate: the 3-D Secure style page's answer. */
export const authenticateTestPaymentSchema = z.object({
  clientSecret: clientSecretSchema('clientSecret'),
  approve: z.boolean({ error: 'approve must be true or false' }),
});
export type AuthenticateTestPaymentInput = z.infer<typeof authenticateTestPaymentSchema>;

/** The answer of confirm / authenticate / intent-status. */
export const intentStatusResponseSchema = z.object({
  status: z.enum(intentStatuses),
  /** The card network's message when the card was refused ('Your card was declined.'). */
  errorMessage: z.string().nullable(),
  amountCents: z.number().int(),
  bookingId: z.number().int().nullable(),
});
export type IntentStatusResponse = z.infer<typeof intentStatusResponseSchema>;

/** GET /api/payments/intent-status?client_secret= */
export const intentStatusQuerySchema = z.object({
  client_secret: clientSecretSchema('client_secret'),
});

/** GET /api/payments/booking-status?bookingId=: where a 'payment' notification links (/payment-success?id={bookingId}). */
export const bookingIdQuerySchema = z.object({ bookingId: idParam('bookingId') });

/** Cards shown on /payment-methods: never the number, only brand and last four. */
export type { SavedCard } from './one-tap.ts';

/** POST /api/payment-methods: the built-in gateway's card form; the gateway keeps a reference, we keep brand/last4/expiry. */
export const addPaymentMethodSchema = z.object({ card: testCardSchema });
export type AddPaymentMethodInput = z.infer<typeof addPaymentMethodSchema>;

export const paymentMethodIdParamsSchema = z.object({ id: idParam('Card id') });

/** POST /api/admin/bookings/:id/refund: the whole remaining amount when amountCents is left out. */
export const refundBookingSchema = z.object({
  amountCents: z
    .number({ error: 'amountCents must be a whole number of cents' })
    .int('amountCents must be a whole number of cents')
    .positive('amountCents must be positive')
    .max(100_000_000)
    .optional(),
});
export type RefundBookingInput = z.infer<typeof refundBookingSchema>;

/** The admin's refund form: dollars typed, above $0.00 and at most what is left to refund, sent as the API's cents. */
export const refundFormSchema = (refundableCents: number) =>
  z
    .object({
      amount: dollarsTextSchema('Enter an amount in dollars, such as 20.00.')
        .refine((cents) => cents > 0, 'Enter an amount above $0.00.')
        .refine((cents) => cents <= refundableCents, `At most ${formatUsd(refundableCents)} can be refunded.`),
    })
    .transform(({ amount }) => ({ amountCents: amount }))
    .pipe(refundBookingSchema.required());
export type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;
export type RefundForm = z.output<ReturnType<typeof refundFormSchema>>;

export const refundResponseSchema = z.object({
  bookingId: z.number().int(),
  refundedCents: z.number().int(),
  totalRefundedCents: z.number().int(),
  remainingCents: z.number().int(),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** GET /api/services/:id/soonest-slot: the soonest free slot for a service, across the detailers offering it. */
export const soonestSlotSchema = z.object({
  serviceId: z.number().int(),
  serviceName: z.string(),
  priceCents: z.number().int(),
  detailerId: z.number().int(),
  detailerBusinessName: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
});
export type SoonestSlot = z.infer<typeof soonestSlotSchema>;

/** ?zip=: the customer's place; the slot is then one a detailer who comes there can reach. */
export const soonestSlotQuerySchema = z.object({ zip: z.string().trim().regex(zipPattern, zipMessage).optional() });
