import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError, WebhookSignatureError } from './gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { signWebhook } from './webhook-signature.ts';

/** A Stripe API stand-in on loopback that answers with the shapes Stripe's API documents. */
type Recorded = { method: string; path: string; body: URLSearchParams; headers: IncomingMessage['headers'] };

const webhookSecret = 'whsec_contract_test_secret';

function intentJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pi_3Contract',
    object: 'payment_intent',
    amount: 7872,
    amount_capturable: 0,
    amount_received: 0,
    capture_method: 'manual',
    client_secret: 'pi_3Contract_secret_abc123',
    currency: 'usd',
    last_payment_error: null,
    livemode: false,
    metadata: { bookingId: '12' },
    payment_method: null,
    status: 'requires_payment_method',
    ...overrides,
  };
}

let server: Server;
let requests: Recorded[] = [];
let gateway: StripeGateway;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({ method: req.method ?? '', path: url.pathname, body: new URLSearchParams(raw), headers: req.headers });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') return send(200, intentJson());
      if (req.method === 'GET' && url.pathname === '/v1/payment_intents/pi_3Contract') {
        return send(
          200,
          intentJson({
            status: 'requires_capture',
            amount_capturable: 7872,
            payment_method: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
          }),
        );
      }
      if (url.pathname === '/v1/payment_intents/pi_3Contract/capture') {
        const amount = Number(new URLSearchParams(raw).get('amount_to_capture') ?? 7872);
        return send(200, intentJson({ status: 'succeeded', amount_received: amount }));
      }
      const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
      if (req.method === 'POST' && url.pathname === '/v1/customers')
        return send(200, { id: 'cus_1', object: 'customer', email: new URLSearchParams(raw).get('email') });
      if (req.method === 'GET' && url.pathname === '/v1/payment_intents/pi_3Kept') {
        return send(
          200,
          intentJson({
            id: 'pi_3Kept',
            status: 'succeeded',
            customer: 'cus_1',
            setup_future_usage: 'off_session',
            payment_method: { id: 'pm_kept', object: 'payment_method', card },
          }),
        );
      }
      if (url.pathname === '/v1/payment_intents/pi_3Contract/confirm') {
        return send(
          200,
          intentJson({
            status: 'requires_capture',
            amount_capturable: 7872,
            payment_method: { id: new URLSearchParams(raw).get('payment_method'), object: 'payment_method', card },
          }),
        );
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods/pm_kept')
        return send(200, { id: 'pm_kept', object: 'payment_method', customer: 'cus_1', card });
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods/pm_detached')
        return send(200, { id: 'pm_detached', object: 'payment_method', customer: null, card });
      if (url.pathname === '/v1/payment_intents/pi_3Contract/cancel') return send(200, intentJson({ status: 'canceled' }));
      if (url.pathname === '/v1/refunds') {
        return send(200, {
          id: 're_1',
          object: 'refund',
          amount: Number(new URLSearchParams(raw).get('amount')),
          payment_intent: 'pi_3Contract',
          status: 'succeeded',
        });
      }
      return send(404, {
        error: {
          type: 'invalid_request_error',
          message: `No such payment_intent: '${url.pathname.split('/')[3]}'`,
          code: 'resource_missing',
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  gateway = new StripeGateway({
    secretKey: 'sk_test_contract',
    publishableKey: 'pk_test_contract',
    webhookSecret,
    host: '127.0.0.1',
    port,
    protocol: 'http',
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

describe('StripeGateway against a Stripe-shaped server on loopback', () => {
  it('creates a manual-capture intent with the idempotency key and the secret key', async () => {
    const intent = await gateway.createIntent({
      amountCents: 7872,
      currency: 'usd',
      idempotencyKey: 'booking-12-credits-0',
      metadata: { bookingId: '12' },
    });
    expect(intent).toMatchObject({
      id: 'pi_3Contract',
      clientSecret: 'pi_3Contract_secret_abc123',
      status: 'requires_payment_method',
      amountCents: 7872,
    });
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.body.get('amount')).toBe('7872');
    expect(request!.body.get('currency')).toBe('usd');
    expect(request!.body.get('capture_method')).toBe('manual');
    expect(request!.body.get('metadata[bookingId]')).toBe('12');
    expect(request!.headers['idempotency-key']).toBe('booking-12-credits-0');
    expect(request!.headers.authorization).toBe('Bearer sk_test_contract');
  });

  it("keeps the card only for the gateway's customer: customer and setup_future_usage go with keepPaymentMethod", async () => {
    await gateway.createIntent({
      amountCents: 7872,
      currency: 'usd',
      idempotencyKey: 'k1',
      metadata: {},
      keepPaymentMethod: true,
      customerRef: 'cus_1',
    });
    await gateway.createIntent({ amountCents: 500, currency: 'usd', idempotencyKey: 'k2', metadata: {}, customerRef: 'cus_1' });
    await gateway.createIntent({ amountCents: 7872, currency: 'usd', idempotencyKey: 'k3', metadata: {}, keepPaymentMethod: true });
    expect(requests.map((r) => [r.body.get('customer'), r.body.get('setup_future_usage')])).toEqual([
      ['cus_1', 'off_session'],
      ['cus_1', null],
      // No customer, nothing kept: Stripe could not reuse the card.
      [null, null],
    ]);
  });

  it("makes one customer per Glossly customer (the idempotency key is the user's)", async () => {
    expect(await gateway.customerFor({ id: 7, email: 'sam@example.com', name: 'Sam Chen' })).toBe('cus_1');
    const [request] = requests;
    expect([request!.path, request!.body.get('email'), request!.body.get('name'), request!.body.get('metadata[userId]')]).toEqual([
      '/v1/customers',
      'sam@example.com',
      'Sam Chen',
      '7',
    ]);
    expect(request!.headers['idempotency-key']).toBe('glossly-customer-7');
  });

  it('names the kept card of an intent made to keep it, and none otherwise', async () => {
    expect((await gateway.retrieve('pi_3Kept')).paymentMethodRef).toBe('pm_kept');
    expect((await gateway.retrieve('pi_3Contract')).paymentMethodRef).toBeNull();
  });

  it('pays an intent with a kept card on the server, and reads a kept card back (null once detached or unknown)', async () => {
    const paid = await gateway.confirmWithPaymentMethod('pi_3Contract', 'pm_kept');
    expect(paid).toMatchObject({ status: 'requires_capture', card: { last4: '4242' } });
    expect([requests[0]!.path, requests[0]!.body.get('payment_method')]).toEqual(['/v1/payment_intents/pi_3Contract/confirm', 'pm_kept']);
    expect(await gateway.retrievePaymentMethod('pm_kept')).toEqual({
      ref: 'pm_kept',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(await gateway.retrievePaymentMethod('pm_detached')).toBeNull();
    expect(await gateway.retrievePaymentMethod('pm_gone')).toBeNull();
  });

  it("confirms Apple Pay or Google Pay's payment method on the server, with a key of its own, and sends no amount", async () => {
    const paid = await gateway.confirmWithWallet('pi_3Contract', 'pm_wallet_applepay');
    expect(paid).toMatchObject({ status: 'requires_capture', amountCents: 7872, card: { last4: '4242' } });
    expect(requests).toHaveLength(1);
    const [confirm] = requests;
    expect([confirm!.method, confirm!.path, confirm!.body.get('payment_method')]).toEqual([
      'POST',
      '/v1/payment_intents/pi_3Contract/confirm',
      'pm_wallet_applepay',
    ]);
    // The amount is the intent's, made by the server when the booking was priced; the wallet only says who pays.
    expect(confirm!.body.has('amount')).toBe(false);
    expect(confirm!.headers['idempotency-key']).toBe('wallet-pi_3Contract-pm_wallet_applepay');
    await expect(gateway.confirmWithWallet('pi_3Missing', 'pm_wallet_applepay')).rejects.toBeInstanceOf(GatewayError);
  });

  it('retrieves an authorized intent with only brand and last four of the card', async () => {
    const intent = await gateway.retrieve('pi_3Contract');
    expect(intent.status).toBe('requires_capture');
    expect(intent.amountCapturableCents).toBe(7872);
    expect(intent.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(requests[0]!.path).toBe('/v1/payment_intents/pi_3Contract');
  });

  it('captures part of an authorization with amount_to_capture', async () => {
    const intent = await gateway.capture('pi_3Contract', 1500);
    expect(intent.status).toBe('succeeded');
    expect(intent.amountReceivedCents).toBe(1500);
    expect(requests[0]!.body.get('amount_to_capture')).toBe('1500');
  });

  it('cancels (releases) and refunds', async () => {
    expect((await gateway.cancel('pi_3Contract')).status).toBe('canceled');
    const refund = await gateway.refund('pi_3Contract', 700);
    expect(refund).toMatchObject({ id: 're_1', amountCents: 700, status: 'succeeded' });
    expect(requests[1]!.body.get('payment_intent')).toBe('pi_3Contract');
  });

  it("turns an API error into a GatewayError with Stripe's message", async () => {
    await expect(gateway.retrieve('pi_missing')).rejects.toThrow(GatewayError);
    await expect(gateway.retrieve('pi_missing')).rejects.toThrow(/No such payment_intent/);
  });

  it('verifies webhooks with STRIPE_WEBHOOK_SECRET and refuses a bad or stale signature', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      created: 1,
      data: { object: intentJson({ status: 'requires_capture', amount_capturable: 7872 }) },
    });
    const nowSeconds = Math.floor(Date.now() / 1000);
    const event = gateway.parseWebhook(body, signWebhook(body, webhookSecret, nowSeconds));
    expect(event.id).toBe('evt_1');
    expect(event.intentId).toBe('pi_3Contract');
    expect(() => gateway.parseWebhook(body, signWebhook(body, 'whsec_wrong', nowSeconds))).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(body, signWebhook(body, webhookSecret, nowSeconds - 600))).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
  });
});
