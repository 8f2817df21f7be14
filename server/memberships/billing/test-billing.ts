import { randomBytes } from 'node:crypto';
import { GatewayError, type GatewayIntent, type PaymentGateway } from '../../payments/gateways/gateway.ts';
import type { ChargeInput, ChargeOutcome, MembershipBillingGateway, StartInput, StartOutcome } from './billing-gateway.ts';

function outcomeOf(intent: GatewayIntent): ChargeOutcome {
  if (intent.status === 'succeeded') return { status: 'paid', ref: intent.id, errorMessage: null };
  if (intent.status === 'requires_action') return { status: 'requires_action', ref: intent.id, errorMessage: null };
  return { status: 'failed', ref: intent.id, errorMessage: intent.lastErrorMessage ?? 'Your card was declined.' };
}

/**
 * The built-in billing: each invoice is one intent of the test payment gateway, paid with the member's saved card
 * and captured at once (a membership is paid for when billed, unlike a booking). Renewals are our scheduler's job.
 */
export class TestMembershipBilling implements MembershipBillingGateway {
  readonly kind = 'test' as const;
  readonly renewsItself = false;

  constructor(private readonly gateway: PaymentGateway) {}

  async start(input: StartInput): Promise<StartOutcome> {
    const first = await this.chargeInvoice({ ...input, attempt: 1 });
    return { subscriptionRef: `sub_test_${randomBytes(12).toString('hex')}`, first, stripePriceRef: null };
  }

  async chargeInvoice(input: ChargeInput): Promise<ChargeOutcome> {
    const intent = await this.gateway.createIntent({
      amountCents: input.amountCents,
      currency: 'usd',
      // One intent per invoice attempt: a second job instance or a replay finds the same one.
      idempotencyKey: `membership-invoice-${input.invoiceId}-${input.attempt}`,
      metadata: { kind: 'membership', membershipId: String(input.membershipId), invoiceId: String(input.invoiceId) },
    });
    if (intent.status !== 'requires_payment_method' || intent.lastErrorMessage) return this.settle(intent);
    if (!this.gateway.confirmWithPaymentMethod) throw new GatewayError('This gateway cannot charge saved cards');
    return this.settle(await this.gateway.confirmWithPaymentMethod(intent.id, input.paymentMethodRef));
  }

  async authenticate(chargeRef: string, approve: boolean): Promise<ChargeOutcome> {
    if (!this.gateway.authenticate) throw new GatewayError('Authentication happens with the payment provider');
    const intent = await this.gateway.retrieve(chargeRef);
    if (intent.status !== 'requires_action') return this.settle(intent);
    return this.settle(await this.gateway.authenticate(chargeRef, approve));
  }

  /** Captures an authorized charge; anything else is reported as it stands. */
  private async settle(intent: GatewayIntent): Promise<ChargeOutcome> {
    if (intent.status === 'requires_capture') return outcomeOf(await this.gateway.capture(intent.id));
    return outcomeOf(intent);
  }

  // The built-in subscription lives only in our tables: nothing to tell the gateway.
  async changePlan(): Promise<void> {}
  async setCancelAtPeriodEnd(): Promise<void> {}
  async cancelNow(): Promise<void> {}
}
