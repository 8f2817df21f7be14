import { z } from 'zod';
import { idParam, idSchema, numberTextSchema, textSchema } from './common.ts';
import { cardOrSavedCardFields, gatewayKinds, oneCardOnly } from './payments.ts';

/** Membership plans, subscribing and My Subscription (issue 18, decision 022). Amounts in cents. */

export const membershipStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];
export const planStatuses = ['active', 'retired'] as const;

/** POST/PUT /api/admin/membership-plans: what an admin sets on a plan. */
export const planInputSchema = z.object({
  name: textSchema('Name', 60).min(2, 'Name must be at least 2 characters'),
  monthlyPriceCents: z
    .number({ error: 'Monthly price is required' })
    .int('Monthly price must be whole cents')
    .min(100, 'Monthly price must be at least $1.00')
    .max(100_000, 'Monthly price must be at most $1,000.00'),
  includedVisitsPerMonth: z
    .number({ error: 'Included visits is required' })
    .int('Included visits must be a whole number')
    .min(0, 'Included visits must be between 0 and 8')
    .max(8, 'Included visits must be between 0 and 8'),
  discountBasisPoints: z
    .number({ error: 'Discount is required' })
    .int('Discount must be whole basis points')
    .min(0, 'Discount must be between 0 % and 50 %')
    .max(5000, 'Discount must be between 0 % and 50 %'),
  /** Detailers price their own services; a covered visit costing more than this is not covered (the discount applies). */
  coveredPriceLimitCents: z
    .number({ error: 'Covered visit limit is required' })
    .int('Covered visit limit must be whole cents')
    .min(100, 'Covered visit limit must be between $1.00 and $1,000.00')
    .max(100_000, 'Covered visit limit must be between $1.00 and $1,000.00'),
  perks: textSchema('Perks', 500, { multiline: true }).default(''),
  categoryIds: z.array(idSchema('Category'), { error: 'Categories must be a list' }).max(20, 'Choose at most 20 categories').default([]),
  status: z.enum(planStatuses, { error: 'Status must be active or retired' }).default('active'),
});
export type PlanInput = z.infer<typeof planInputSchema>;

/** The admin's plan form: the same fields, amounts typed in dollars and the discount in percent. */
export const planFormSchema = planInputSchema.extend({
  monthlyPriceCents: numberTextSchema(planInputSchema.shape.monthlyPriceCents, 100),
  includedVisitsPerMonth: numberTextSchema(planInputSchema.shape.includedVisitsPerMonth),
  discountBasisPoints: numberTextSchema(planInputSchema.shape.discountBasisPoints, 100),
  coveredPriceLimitCents: numberTextSchema(planInputSchema.shape.coveredPriceLimitCents, 100),
});
export type PlanFormInput = z.input<typeof planFormSchema>;

export const planIdParamsSchema = z.object({ id: idParam('Plan id') });

export const membershipPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  monthlyPriceCents: z.number().int(),
  includedVisitsPerMonth: z.number().int(),
  discountBasisPoints: z.number().int(),
  /** The most a covered visit may cost, price and the car's surcharge together. */
  coveredPriceLimitCents: z.number().int(),
  perks: z.string(),
  status: z.enum(planStatuses),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The lowest price per included visit among the plans on sale. */
  bestValue: z.boolean(),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

/** The admin's list adds how many members each plan has (a retired plan keeps them). */
export type AdminMembershipPlan = MembershipPlan & { memberCount: number };

/**
 * POST /api/memberships: start a membership of an active plan with a typed card or one of the caller's saved cards
 * (exactly one). The idempotency key makes a double tap one membership.
 */
export const subscribeSchema = z
  .object({
    planId: idParam('Plan'),
    ...cardOrSavedCardFields,
  })
  .superRefine(oneCardOnly);
export type SubscribeInput = z.infer<typeof subscribeSchema>;

/** POST /api/memberships/:id/payment-method: the card renewals charge from now on, typed or saved (exactly one). */
export const membershipPaymentMethodSchema = z
  .object({
    ...cardOrSavedCardFields,
  })
  .superRefine(oneCardOnly);
export type MembershipPaymentMethodInput = z.infer<typeof membershipPaymentMethodSchema>;

export const membershipIdParamsSchema = z.object({ id: idParam('Membership id') });

/** POST /api/memberships/:id/authenticate: the bank's 3-D Secure style answer for the first charge. */
export const membershipAuthenticateSchema = z.object({ approve: z.boolean({ error: 'approve must be true or false' }) });

/** POST /api/memberships/:id/change-plan */
export const changePlanSchema = z.object({ planId: idParam('Plan') });

export const invoiceKinds = ['first', 'renewal', 'proration'] as const;
export const invoiceStatuses = ['open', 'paid', 'failed'] as const;

export type MembershipInvoice = {
  id: number;
  kind: (typeof invoiceKinds)[number];
  periodStart: string;
  periodEnd: string;
  amountCents: number;
  status: (typeof invoiceStatuses)[number];
  failureMessage: string | null;
  paidAt: string | null;
  createdAt: string;
};

export type Membership = {
  id: number;
  status: MembershipStatus;
  gateway: (typeof gatewayKinds)[number];
  plan: MembershipPlan;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** When the next charge is due: the period's end, a retry date while past due, null once canceling. */
  nextBillingAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** A downgrade waiting for the period's end: the plan the next renewal moves to and bills. */
  nextPlan: { id: number; name: string; monthlyPriceCents: number } | null;
  canceledAt: string | null;
  failedAttempts: number;
  visitsLeftThisPeriod: number;
  invoices: MembershipInvoice[];
};

/** GET /api/memberships/me: the caller's live membership, or null. */
export type MyMembership = { membership: Membership | null };

/** What starting a membership answered: active, or waiting for the bank's confirmation (requires_action). */
export type SubscribeResult = {
  membership: Membership;
  payment: { status: 'paid' | 'requires_action' | 'failed'; amountCents: number; errorMessage: string | null };
};
