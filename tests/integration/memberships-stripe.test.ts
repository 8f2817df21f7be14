import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SubscribeResult } from '@core/schemas/memberships.ts';
import { membershipInvoices, membershipPlans, memberships, notifications, webhookEvents } from '../../server/db/schema.ts';
import { runRenewalPass } from '../../server/memberships/renewal-job.ts';
import { StripeMembershipBilling } from '../../server/memberships/billing/stripe-billing.ts';
import { signWebhook } from '../../server/payments/gateways/webhook-signature.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import { createCustomer } from '../factories/index.ts';
import { deleteConfirmationWord } from '@core/domain/account.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

const webhookSecret = 'whsec_memberships_contract';
const start = new Date('2026-11-23T16:00:00Z');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };

type Recorded = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined };

/** Stripe's API on loopback, answering Billing's calls with the shapes Stripe documents (API version of the SDK). */
function fakeStripe(requests: Recorded[], declines: { next: boolean }, current: Map<string, unknown>): Server {
  let next = 0;
  return createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = new URLSearchParams(raw);
      const key = req.headers['idempotency-key'];
      requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey: Array.isArray(key) ? key[0] : key });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(json));
      };
      next += 1;
      if (req.method === 'POST' && url.pathname === '/v1/prices') {
        return send(200, {
          id: `price_${next}`,
          object: 'price',
          currency: body.get('currency'),
          unit_amount: Number(body.get('unit_amount')),
          recurring: { interval: body.get('recurring[interval]') },
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/customers')
        return send(200, { id: `cus_${next}`, object: 'customer', email: body.get('email') });
      const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(url.pathname);
      if (req.method === 'POST' && attach) return send(200, { id: attach[1], object: 'payment_method', customer: body.get('customer') });
      if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
        const id = `sub_${body.get('metadata[membershipId]')}`;
        const declined = declines.next;
        declines.next = false;
        // This API version lists the invoice's payments; the intent is an id unless expanded further.
        const payments = declined ? [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: `pi_${id}` } }] : [];
        const invoice = {
          id: `in_first_${id}`,
          object: 'invoice',
          status: declined ? 'open' : 'paid',
          amount_paid: declined ? 0 : 3900,
          billing_reason: 'subscription_create',
          payments: { object: 'list', data: payments },
        };
        return send(200, {
          id,
          object: 'subscription',
          status: declined ? 'incomplete' : 'active',
          customer: body.get('customer'),
          latest_invoice: invoice,
          cancel_at_period_end: false,
          items: { object: 'list', data: [{ id: `si_${id}`, price: { id: body.get('items[0][price]') } }] },
        });
      }
      const intent = /^\/v1\/payment_intents\/(pi_sub_[0-9]+)$/.exec(url.pathname);
      if (req.method === 'GET' && intent) {
        return send(200, {
          id: intent[1],
          object: 'payment_intent',
          status: 'requires_payment_method',
          amount: 3900,
          last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' },
        });
      }
      // Reading an invoice or a subscription back: what the test says Stripe holds now (stripeEvent, stripeSays).
      const readBack = /^\/v1\/(invoices|subscriptions)\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && readBack && current.has(readBack[2]!)) return send(200, current.get(readBack[2]!));
      const update = /^\/v1\/subscriptions\/(sub_[0-9]+)$/.exec(url.pathname);
      if (req.method === 'POST' && update) {
        return send(200, {
          id: update[1],
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: body.get('cancel_at_period_end') === 'true',
          items: { object: 'list', data: [] },
        });
      }
      if (req.method === 'DELETE' && update) {
        return send(200, {
          id: update[1],
          object: 'subscription',
          status: 'canceled',
          cancel_at_period_end: false,
          items: { object: 'list', data: [] },
        });
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
}

/** Stripe Billing subscriptions and their signed webhooks (issue 18, decision 022), on both databases. */
describe.each(databaseKinds)('memberships with Stripe Billing on %s', (kind) => {
  const clock = createTestClock(start);
  const requests: Recorded[] = [];
  const declines = { next: false };
  const stripeHolds = new Map<string, unknown>();
  const server = fakeStripe(requests, declines, stripeHolds);
  let t: TestApp;
  let planId: number;
  let event = 0;
  const { call } = createCaller(() => t, clock);

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const membershipBilling = new StripeMembershipBilling({
      secretKey: 'sk_test_contract',
      webhookSecret,
      host: '127.0.0.1',
      port,
      protocol: 'http',
    });
    t = await createTestApp(kind, { clock, collaborators: { membershipBilling } });
    const [plan] = await t.db
      .insert(membershipPlans)
      .values({ name: 'Basic', monthlyPriceCents: 3900, includedVisitsPerMonth: 1 })
      .returning();
    planId = plan!.id;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });
  beforeEach(() => {
    requests.length = 0;
    clock.set(start);
  });

  async function subscribed() {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const response = await call(customer, 'POST', '/api/memberships', { planId, card });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    return { customer, membership: row!, started: response.json() as SubscribeResult };
  }

  const membershipOf = async (id: number) => (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]!;
  const invoicesOf = (id: number) =>
    t.db.select().from(membershipInvoices).where(eq(membershipInvoices.membershipId, id)).orderBy(membershipInvoices.id);

  /**
   * A Stripe event as its API would send it. Stripe then holds `object` as it is, or `stripeSays` when the event is
   * out of date or lies: what the webhook reads back.
   */
  function stripeEvent(type: string, object: Record<string, unknown>, stripeSays: Record<string, unknown> = object) {
    stripeHolds.set(String(object.id), stripeSays);
    event += 1;
    return JSON.stringify({
      id: `evt_${kind}_${event}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(clock.now()),
      type,
      data: { object },
    });
  }
  const deliver = (body: string, signature = signWebhook(body, webhookSecret, Math.floor(Date.now() / 1000))) =>
    t.app.inject({
      method: 'POST',
      url: '/api/memberships/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  /** A renewal invoice of the subscription for the month after the first. */
  const renewal = (subscription: string, id: string, paid: boolean) => ({
    id,
    object: 'invoice',
    status: paid ? 'paid' : 'open',
    amount_due: 3900,
    amount_paid: paid ? 3900 : 0,
    billing_reason: 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription } },
    lines: {
      object: 'list',
      data: [{ period: { start: seconds(new Date('2026-12-23T16:00:00Z')), end: seconds(new Date('2027-01-23T16:00:00Z')) } }],
    },
  });

  it('subscribes through Stripe: a price of the plan, a customer, the card attached and a subscription, then active', async () => {
    const { membership, started, customer } = await subscribed();
    expect(started.payment).toMatchObject({ status: 'paid', amountCents: 3900 });
    const calls = requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'POST /v1/prices',
      'POST /v1/customers',
      `POST /v1/payment_methods/${membership.paymentMethodRef}/attach`,
      'POST /v1/subscriptions',
    ]);
    const [price, made, attach, subscription] = requests;
    expect(Object.fromEntries(price!.body)).toMatchObject({
      currency: 'usd',
      unit_amount: '3900',
      'recurring[interval]': 'month',
      'product_data[name]': 'Glossly Basic',
    });
    expect(made!.body.get('email')).toBe(customer.email);
    expect(attach!.body.get('customer')).toBe('cus_2');
    expect(Object.fromEntries(subscription!.body)).toMatchObject({
      customer: 'cus_2',
      'items[0][price]': 'price_1',
      default_payment_method: membership.paymentMethodRef,
      'metadata[membershipId]': String(membership.id),
    });
    // Replays of the same request reach Stripe as the same subscription.
    expect(subscription!.idempotencyKey).toBe(`membership-subscription-${membership.id}`);
    expect(await membershipOf(membership.id)).toMatchObject({ status: 'active', gateway: 'stripe', gatewayRef: `sub_${membership.id}` });
    expect(await invoicesOf(membership.id)).toMatchObject([
      { kind: 'first', status: 'paid', amountCents: 3900, gatewayRef: `in_first_sub_${membership.id}` },
    ]);
    const [plan] = await t.db.select().from(membershipPlans).where(eq(membershipPlans.id, planId));
    expect(plan!.stripePriceRef).toBe('price_1');

    // The second member reuses the plan's Stripe price.
    requests.length = 0;
    await subscribed();
    expect(requests.map((r) => r.path)).not.toContain('/v1/prices');
  });

  it("a first charge Stripe declines: 400 with the bank's reason, the membership canceled, the invoice failed", async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    declines.next = true;
    const response = await call(customer, 'POST', '/api/memberships', { planId, card });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('Your card has insufficient funds.');
    const [row] = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    // The reason is the invoice's payment intent's, read back from Stripe.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(`GET /v1/payment_intents/pi_sub_${row!.id}`);
    expect(row).toMatchObject({ status: 'canceled' });
    expect(await invoicesOf(row!.id)).toMatchObject([
      { kind: 'first', status: 'failed', failureMessage: 'Your card has insufficient funds.' },
    ]);
  });

  it('a signed invoice.paid records the renewal paid and keeps the membership active for the new period', async () => {
    const { membership } = await subscribed();
    await t.db.update(memberships).set({ status: 'past_due', failedAttempts: 1 }).where(eq(memberships.id, membership.id));
    const response = await deliver(stripeEvent('invoice.paid', renewal(membership.gatewayRef!, `in_renew_${membership.id}`, true)));
    expect(response.statusCode, response.body).toBe(200);
    const after = await membershipOf(membership.id);
    expect(after).toMatchObject({ status: 'active', failedAttempts: 0 });
    expect(after.currentPeriodEnd.toISOString()).toBe('2027-01-23T16:00:00.000Z');
    expect((await invoicesOf(membership.id)).map((i) => [i.kind, i.status, i.amountCents, i.gatewayRef])).toEqual([
      ['first', 'paid', 3900, `in_first_sub_${membership.id}`],
      ['renewal', 'paid', 3900, `in_renew_${membership.id}`],
    ]);
  });

  it('invoice.payment_failed makes it past_due, once however often Stripe replays the event', async () => {
    const { membership } = await subscribed();
    const body = stripeEvent('invoice.payment_failed', renewal(membership.gatewayRef!, `in_fail_${membership.id}`, false));
    const first = await deliver(body);
    expect(first.statusCode, first.body).toBe(200);
    const replayed = await deliver(body);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ duplicate: true });
    expect(await membershipOf(membership.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    const invoices = await invoicesOf(membership.id);
    expect(invoices.map((i) => [i.kind, i.status, i.attempts])).toEqual([
      ['first', 'paid', 1],
      ['renewal', 'failed', 1],
    ]);
  });

  it('reads the invoice back from Stripe: a payment failure that arrives after the invoice was paid records no failure', async () => {
    // Stripe does not keep its events in order, and a body is only what Stripe said when it sent it.
    const { membership } = await subscribed();
    const id = `in_late_${membership.id}`;
    expect((await deliver(stripeEvent('invoice.paid', renewal(membership.gatewayRef!, id, true)))).statusCode).toBe(200);
    requests.length = 0;
    const late = await deliver(
      stripeEvent('invoice.payment_failed', renewal(membership.gatewayRef!, id, false), renewal(membership.gatewayRef!, id, true)),
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/invoices/${id}`]);
    expect(await membershipOf(membership.id)).toMatchObject({ status: 'active', failedAttempts: 0 });
    expect((await invoicesOf(membership.id)).map((i) => [i.kind, i.status])).toEqual([
      ['first', 'paid'],
      ['renewal', 'paid'],
    ]);
  });

  it('applies what Stripe holds, not what a signed body says: a deletion of a live subscription changes nothing', async () => {
    const { membership } = await subscribed();
    const live = {
      id: membership.gatewayRef,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      items: { object: 'list', data: [] },
    };
    const lie = await deliver(stripeEvent('customer.subscription.deleted', { ...live, status: 'canceled' }, live));
    expect(lie.statusCode, lie.body).toBe(200);
    expect(await membershipOf(membership.id)).toMatchObject({ status: 'active', canceledAt: null });
    // An invoice Stripe does not know is a 400, and nothing is recorded.
    stripeHolds.clear();
    const forged = JSON.stringify({
      id: `evt_${kind}_unknown`,
      object: 'event',
      type: 'invoice.paid',
      data: { object: renewal(membership.gatewayRef!, 'in_nobody', true) },
    });
    const refused = await deliver(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Webhook event names an unknown invoice or subscription: in_nobody');
    expect(
      await t.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, `evt_${kind}_unknown`)),
    ).toEqual([]);
    expect(await invoicesOf(membership.id)).toHaveLength(1);
  });

  it('cancels the Stripe subscription when its owner deletes the account, in the same transaction as the membership', async () => {
    const { customer, membership } = await subscribed();
    requests.length = 0;
    // A customer without a password (as OpenID sign-ins are) confirms with the typed word.
    const deleted = await call(customer, 'DELETE', '/api/account', { confirmation: deleteConfirmationWord });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${membership.gatewayRef}`]);
    expect((await membershipOf(membership.id)).status).toBe('canceled');
  });

  it('customer.subscription.deleted cancels it', async () => {
    const { membership } = await subscribed();
    const body = stripeEvent('customer.subscription.deleted', {
      id: membership.gatewayRef,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: false,
      items: { object: 'list', data: [] },
    });
    const response = await deliver(body);
    expect(response.statusCode, response.body).toBe(200);
    const after = await membershipOf(membership.id);
    expect(after.status).toBe('canceled');
    expect(after.canceledAt).not.toBeNull();
  });

  it("ends a membership the built-in gateway started with its paid period, and tells the member; Stripe's own are left to Stripe", async () => {
    const { membership: onStripe } = await subscribed();
    const customer = await createCustomer(t.ctx, { password: undefined });
    const periodEnd = new Date('2026-12-23T16:00:00Z');
    const [onTestGateway] = await t.db
      .insert(memberships)
      .values({
        customerId: customer.id,
        planId,
        status: 'active',
        gateway: 'test',
        billingDay: 23,
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd,
      })
      .returning();

    // Within the paid period nothing changes.
    clock.set(new Date(periodEnd.getTime() - 1000));
    expect(await runRenewalPass(t.ctx, clock.now())).toEqual({ renewed: 0, failed: 0, canceled: 0 });
    expect((await membershipOf(onTestGateway!.id)).status).toBe('active');

    clock.set(new Date(periodEnd.getTime() + 1000));
    expect(await runRenewalPass(t.ctx, clock.now())).toEqual({ renewed: 0, failed: 0, canceled: 1 });
    expect(await membershipOf(onTestGateway!.id)).toMatchObject({ status: 'canceled', canceledAt: clock.now() });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.title, 'Membership ended')));
    expect(told).toHaveLength(1);
    expect(await invoicesOf(onTestGateway!.id)).toEqual([]);
    expect((await membershipOf(onStripe.id)).status).toBe('active');
    // A second pass finds nothing more to end.
    expect(await runRenewalPass(t.ctx, clock.now())).toMatchObject({ canceled: 0 });
  });

  it("cancel at period end and resume go to Stripe; customer.subscription.updated brings Stripe's word back", async () => {
    const { membership, customer } = await subscribed();
    requests.length = 0;
    const canceled = await call(customer, 'POST', `/api/memberships/${membership.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(requests.map((r) => [r.path, r.body.get('cancel_at_period_end')])).toEqual([
      [`/v1/subscriptions/${membership.gatewayRef}`, 'true'],
    ]);
    expect(await membershipOf(membership.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const resumed = await call(customer, 'POST', `/api/memberships/${membership.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(requests[1]!.body.get('cancel_at_period_end')).toBe('false');

    // Stripe says the subscription is past due and set to cancel (changed in its dashboard): ours follows.
    const periodEnd = new Date('2026-12-23T16:00:00Z');
    const item = { id: 'si_1', object: 'subscription_item', current_period_start: seconds(start), current_period_end: seconds(periodEnd) };
    const body = stripeEvent('customer.subscription.updated', {
      id: membership.gatewayRef,
      object: 'subscription',
      status: 'past_due',
      cancel_at_period_end: true,
      items: { object: 'list', data: [item] },
    });
    expect((await deliver(body)).statusCode).toBe(200);
    const after = await membershipOf(membership.id);
    expect(after).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: true });
    expect(after.currentPeriodEnd.toISOString()).toBe(periodEnd.toISOString());
  });

  it('refuses a forged or unsigned webhook with 400 and changes nothing', async () => {
    const { membership } = await subscribed();
    const body = stripeEvent('customer.subscription.deleted', {
      id: membership.gatewayRef,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: false,
    });
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [
      signWebhook(body, 'whsec_attacker', now),
      signWebhook(`${body} `, webhookSecret, now),
      signWebhook(body, webhookSecret, now - 3600),
      '',
    ]) {
      const response = await deliver(body, signature);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/Webhook signature verification failed/);
    }
    expect(await membershipOf(membership.id)).toMatchObject({ status: 'active', canceledAt: null });
    const eventId = JSON.parse(body).id as string;
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
    // The same event, correctly signed, is then applied.
    expect((await deliver(body)).statusCode).toBe(200);
    expect((await membershipOf(membership.id)).status).toBe('canceled');
  });

  it('leaves another subscription alone: an event about an unknown subscription changes nothing', async () => {
    const { membership } = await subscribed();
    const response = await deliver(stripeEvent('invoice.payment_failed', renewal('sub_someone_else', 'in_other', false)));
    expect(response.statusCode, response.body).toBe(200);
    expect(await membershipOf(membership.id)).toMatchObject({ status: 'active' });
    expect(await invoicesOf(membership.id)).toHaveLength(1);
  });
});
