import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayoutRefusedError } from '../payout-gateway.ts';
import { accountStatus, StripeConnectGateway } from './stripe-connect-gateway.ts';
import { TestPayoutGateway, testBankAccounts } from './test-payout-gateway.ts';

/** A Stripe API stand-in on loopback answering Connect's documented shapes (accounts, account links, transfers). */
type Recorded = { method: string; path: string; body: URLSearchParams; headers: IncomingMessage['headers'] };

function accountJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'acct_1Contract',
    object: 'account',
    type: 'express',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    email: 'dana@example.com',
    metadata: { detailerId: '7' },
    external_accounts: { object: 'list', data: [], has_more: false, url: '/v1/accounts/acct_1Contract/external_accounts' },
    ...overrides,
  };
}

let server: Server;
let requests: Recorded[] = [];
let gateway: StripeConnectGateway;
let onboarded = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = new URLSearchParams(raw);
      requests.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && url.pathname === '/v1/accounts') return send(200, accountJson());
      if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        return send(200, { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_1Contract/abc', expires_at: 1 });
      }
      if (req.method === 'GET' && url.pathname === '/v1/accounts/acct_1Contract') {
        const bank = { id: 'ba_1', object: 'bank_account', last4: '6789', account: 'acct_1Contract' };
        return send(
          200,
          onboarded
            ? accountJson({
                charges_enabled: true,
                payouts_enabled: true,
                details_submitted: true,
                external_accounts: { object: 'list', data: [bank], has_more: false },
              })
            : accountJson(),
        );
      }
      if (req.method === 'POST' && url.pathname === '/v1/transfers') {
        if (body.get('destination') === 'acct_restricted') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers',
            },
          });
        }
        return send(200, {
          id: 'tr_1Contract',
          object: 'transfer',
          amount: Number(body.get('amount')),
          currency: 'usd',
          destination: body.get('destination'),
        });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `No such account: '${url.pathname.split('/')[3]}'`, code: 'resource_missing' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  gateway = new StripeConnectGateway({ secretKey: 'sk_test_contract', host: '127.0.0.1', port, protocol: 'http' });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  onboarded = false;
});

describe('StripeConnectGateway against a Stripe-shaped server on loopback', () => {
  it('creates an Express account once per detailer (idempotency key) asking for transfers', async () => {
    const account = await gateway.createAccount({ detailerId: 7, email: 'dana@example.com' });
    expect(account).toEqual({ ref: 'acct_1Contract', status: 'pending', description: 'Stripe Express account' });
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/accounts' });
    expect(request!.body.get('type')).toBe('express');
    expect(request!.body.get('email')).toBe('dana@example.com');
    expect(request!.body.get('capabilities[transfers][requested]')).toBe('true');
    expect(request!.body.get('metadata[detailerId]')).toBe('7');
    expect(request!.headers['idempotency-key']).toBe('payout-account-7');
    expect(request!.headers.authorization).toBe('Bearer sk_test_contract');
  });

  it('makes an onboarding link that comes back to /business', async () => {
    const url = await gateway.onboardingLink(
      'acct_1Contract',
      'https://glossly.test/business?stripe=return',
      'https://glossly.test/business?stripe=refresh',
    );
    expect(url).toBe('https://connect.stripe.com/setup/e/acct_1Contract/abc');
    const [request] = requests;
    expect(request!.path).toBe('/v1/account_links');
    expect(Object.fromEntries(request!.body)).toEqual({
      account: 'acct_1Contract',
      type: 'account_onboarding',
      return_url: 'https://glossly.test/business?stripe=return',
      refresh_url: 'https://glossly.test/business?stripe=refresh',
    });
  });

  it("reads the account's status: pending until onboarded, then active with its bank's last four", async () => {
    expect(await gateway.retrieveAccount('acct_1Contract')).toMatchObject({ status: 'pending' });
    onboarded = true;
    expect(await gateway.retrieveAccount('acct_1Contract')).toEqual({
      ref: 'acct_1Contract',
      status: 'active',
      description: 'Bank account ending 6789',
    });
    expect(accountStatus({ charges_enabled: false, payouts_enabled: false, details_submitted: true })).toBe('restricted');
  });

  it("sends a transfer to the destination with the payout's idempotency key", async () => {
    const ref = await gateway.transfer({
      accountRef: 'acct_1Contract',
      amountCents: 5015,
      idempotencyKey: 'payout-12',
      metadata: { payoutId: '12' },
    });
    expect(ref).toBe('tr_1Contract');
    const [request] = requests;
    expect(request!.path).toBe('/v1/transfers');
    expect(request!.body.get('amount')).toBe('5015');
    expect(request!.body.get('currency')).toBe('usd');
    expect(request!.body.get('destination')).toBe('acct_1Contract');
    expect(request!.body.get('metadata[payoutId]')).toBe('12');
    expect(request!.headers['idempotency-key']).toBe('payout-12');
  });

  it("turns Stripe's refusal into a PayoutRefusedError with Stripe's message", async () => {
    const refused = gateway.transfer({ accountRef: 'acct_restricted', amountCents: 100, idempotencyKey: 'payout-13', metadata: {} });
    await expect(refused).rejects.toThrow(PayoutRefusedError);
    await expect(gateway.retrieveAccount('acct_missing')).rejects.toThrow(/No such account/);
  });
});

describe('TestPayoutGateway', () => {
  const test = new TestPayoutGateway();
  const bank = { accountHolderName: 'Dana', routingNumber: '110000000' };

  it('opens an active account that keeps only the last four, and answers the same transfer id for the same key', async () => {
    const account = await test.createAccount({
      detailerId: 1,
      email: 'd@example.com',
      bank: { ...bank, accountNumber: testBankAccounts.success },
    });
    expect(account).toMatchObject({ status: 'active', description: 'Bank account ending 6789' });
    expect(account.ref).not.toContain('6789');
    const first = await test.transfer({ accountRef: account.ref, amountCents: 100, idempotencyKey: 'payout-1', metadata: {} });
    expect(await test.transfer({ accountRef: account.ref, amountCents: 100, idempotencyKey: 'payout-1', metadata: {} })).toBe(first);
    expect(await test.transfer({ accountRef: account.ref, amountCents: 100, idempotencyKey: 'payout-2', metadata: {} })).not.toBe(first);
  });

  it("fails the payouts of Stripe's failing test account number", async () => {
    const account = await test.createAccount({
      detailerId: 1,
      email: 'd@example.com',
      bank: { ...bank, accountNumber: testBankAccounts.payoutFails },
    });
    await expect(test.transfer({ accountRef: account.ref, amountCents: 100, idempotencyKey: 'payout-3', metadata: {} })).rejects.toThrow(
      PayoutRefusedError,
    );
  });
});
