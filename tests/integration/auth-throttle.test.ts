import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, maxFailedLoginsPerAddress, maxFailedLoginsPerPair } from '../../server/identity/auth-service.ts';
import { verifyPassword } from '../../server/identity/passwords.ts';
import { createCustomer, testPassword } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

type Json = Record<string, unknown>;

// Sign-in throttling (decision 010): an atomic reservation per account-and-address pair and per address.
describe.each(databaseKinds)('sign-in throttle on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  let address = 0;
  const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;
  const attempt = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } as Json, remoteAddress, headers });

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(() => t.close());

  it('50 concurrent wrong sign-ins for one account answer 401 at most 10 times, the rest 429', async () => {
    const user = await createCustomer(t.ctx);
    const ip = nextAddress();
    const answers = await Promise.all(Array.from({ length: 50 }, () => attempt(user.email, 'wrong-password', ip)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBe(maxFailedLoginsPerPair);
    expect(statuses.filter((status) => status === 401).length + statuses.filter((status) => status === 429).length).toBe(50);
  });

  it('50 concurrent wrong sign-ins verify at most 10 passwords (counted by the verifier)', async () => {
    const user = await createCustomer(t.ctx);
    const ip = nextAddress();
    let verifications = 0;
    const countingVerifier = (hash: string, password: string) => {
      verifications += 1;
      return verifyPassword(hash, password);
    };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => login(t.ctx, { email: user.email, password: 'wrong-password' }, ip, countingVerifier)),
    );
    expect(verifications).toBeLessThanOrEqual(maxFailedLoginsPerPair);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
  });

  it('10 failures from address A do not lock out the owner at address B; the 11th from A is 429 until the window ends', async () => {
    const owner = await createCustomer(t.ctx);
    const attacker = nextAddress();
    for (let i = 0; i < maxFailedLoginsPerPair; i += 1) {
      expect((await attempt(owner.email, 'wrong-password', attacker)).statusCode).toBe(401);
    }
    expect((await attempt(owner.email, testPassword, nextAddress())).statusCode).toBe(200);
    // Even the right password waits at A: the 11th attempt is refused before any check.
    const refused = await attempt(owner.email, testPassword, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt(owner.email, testPassword, attacker)).statusCode).toBe(200);
  });

  it('a successful sign-in clears its pair: 9 failures, a success, then 10 more failures are all 401', async () => {
    const user = await createCustomer(t.ctx);
    const ip = nextAddress();
    for (let i = 0; i < 9; i += 1) expect((await attempt(user.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await attempt(user.email, testPassword, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await attempt(user.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await attempt(user.email, 'wrong-password', ip)).statusCode).toBe(429);
  });

  it(`one address gets ${maxFailedLoginsPerAddress} failures whatever the accounts, then 429 for everyone from it`, async () => {
    const ip = nextAddress();
    for (let i = 0; i < maxFailedLoginsPerAddress; i += 1) {
      expect((await attempt(`guess-${i}@example.com`, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const user = await createCustomer(t.ctx);
    const refused = await attempt(user.email, testPassword, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await attempt(user.email, testPassword, nextAddress())).statusCode).toBe(200);
  });

  it('without TRUST_PROXY a spoofed X-Forwarded-For is ignored: the socket address still reaches 429', async () => {
    const user = await createCustomer(t.ctx);
    const socket = nextAddress();
    for (let i = 0; i < maxFailedLoginsPerPair; i += 1) {
      const answer = await attempt(user.email, 'wrong-password', socket, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(answer.statusCode).toBe(401);
    }
    const refused = await attempt(user.email, 'wrong-password', socket, { 'x-forwarded-for': '198.51.100.200' });
    expect(refused.statusCode).toBe(429);
  });
});

describe.each(databaseKinds)('sign-in throttle behind a trusted proxy (TRUST_PROXY=1) on %s', (kind) => {
  let t: TestApp;
  const proxy = '10.2.0.1';
  const attempt = (email: string, password: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password } as Json,
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': client },
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('throttles the forwarded client address, not the proxy', async () => {
    const user = await createCustomer(t.ctx);
    for (let i = 0; i < maxFailedLoginsPerPair; i += 1) {
      expect((await attempt(user.email, 'wrong-password', '203.0.113.1')).statusCode).toBe(401);
    }
    expect((await attempt(user.email, 'wrong-password', '203.0.113.1')).statusCode).toBe(429);
    // Another client behind the same proxy is not held back.
    expect((await attempt(user.email, testPassword, '203.0.113.2')).statusCode).toBe(200);
  });
});
