import type { GatewayKind } from '@core/schemas/payments.ts';

/** One charge of a membership invoice, as the billing gateway reports it. */
export type ChargeOutcome = {
  status: 'paid' | 'requires_action' | 'failed';
  /** The gateway's payment (or invoice) id: membership_invoices.gateway_ref. */
  ref: string;
  errorMessage: string | null;
};

/** One attempt at an invoice: the attempt number keys the gateway's intent, so a retry is a new charge and a replay is not. */
export type ChargeInput = { invoiceId: number; attempt: number; membershipId: number; amountCents: number; paymentMethodRef: string };

export type BillingPlan = { id: number; name: string; monthlyPriceCents: number; stripePriceRef: string | null };

export type StartInput = {
  membershipId: number;
  customer: { id: number; email: string; name: string };
  plan: BillingPlan;
  /** A saved card's reference (`pm_…`): renewals charge it. */
  paymentMethodRef: string;
  /** The first invoice's id: one charge per invoice, however often the request is replayed. */
  invoiceId: number;
  amountCents: number;
};

export type StartOutcome = {
  /** Stripe's subscription id, or the built-in gateway's own reference. */
  subscriptionRef: string;
  first: ChargeOutcome;
  /** Stripe's recurring price for the plan once made (kept on the plan); null for the built-in gateway. */
  stripePriceRef: string | null;
};

/**
 * Memberships' billing (decision 022), chosen by PAYMENTS_GATEWAY: the built-in gateway charges saved cards through
 * the test payment gateway and our renewal job bills each period; Stripe Billing keeps the subscription and renews
 * it itself, telling us through its signed webhooks.
 */
export interface MembershipBillingGateway {
  readonly kind: GatewayKind;
  /** True when the gateway renews by itself (Stripe Billing); our renewal job then leaves its memberships alone. */
  readonly renewsItself: boolean;
  /** Charges the first month and sets up the recurring billing. */
  start(input: StartInput): Promise<StartOutcome>;
  /** Charges one invoice of ours (renewal, proration) off-session on the saved card (built-in gateway). */
  chargeInvoice(input: ChargeInput): Promise<ChargeOutcome>;
  /** The 3-D Secure style answer for a charge that needed it (built-in gateway). */
  authenticate(chargeRef: string, approve: boolean): Promise<ChargeOutcome>;
  /** Moves the subscription to another plan; an upgrade's prorated difference is charged now (`prorationCents`). */
  changePlan(subscriptionRef: string, plan: BillingPlan, prorationCents: number): Promise<void>;
  /** Cancel at the period's end (true) or resume (false). */
  setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void>;
  /** Ends the subscription now (a first charge that never went through). */
  cancelNow(subscriptionRef: string): Promise<void>;
}
