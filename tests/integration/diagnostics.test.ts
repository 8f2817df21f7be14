import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthDiagnostics, FlowDiagnostics, IdentityDiagnostics } from '@core/schemas/diagnostics.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { useDemoAdminApp } from './weather-test-app.ts';

const routes = ['/api/diagnostics/auth', '/api/diagnostics/identity', '/api/diagnostics/flow'];

describe.each(databaseKinds)('debug and test routes on %s', (kind) => {
  const redisUrl = process.env.TEST_REDIS_URL;
  const t = useDemoAdminApp(kind, {
    env: {
      OIDC_CLIENT_ID: 'glossly-web.apps.example',
      OIDC_CLIENT_SECRET: 'very-secret-value',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
  });
  const { clock, call } = t;

  it('answers 401 signed out and 403 to customers and detailers', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const detailer = await createDetailer(t.ctx);
    for (const url of routes) {
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
      expect((await call(customer, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(detailer.user, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it("shows the admin's own session with its expiry and the CSRF check", async () => {
    const admin = await t.admin();
    const response = await call(admin, 'GET', '/api/diagnostics/auth');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AuthDiagnostics;
    expect(body.user).toEqual({ id: admin.id, email: admin.email, name: admin.name, role: 'admin' });
    expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(clock.now().getTime());
    expect(body.csrf).toMatchObject({ sameSite: 'lax', expectedOrigin: t.config.PUBLIC_URL, requestOrigin: null, wouldPass: true });
  });

  it('shows the identity provider without its secret, and the latest sign-ins', async () => {
    const admin = await t.admin();
    const response = await call(admin, 'GET', '/api/diagnostics/identity');
    expect(response.body).not.toContain('very-secret-value');
    const body = response.json() as IdentityDiagnostics;
    expect(body).toMatchObject({
      issuer: 'https://accounts.google.com',
      configured: true,
      clientId: 'glossly-web.apps.example',
      clientSecretSet: true,
      redirectUri: `${t.config.PUBLIC_URL}/api/auth/oidc/callback`,
      startUrl: '/api/auth/oidc/start',
    });
    expect(body.recentSignIns).toContainEqual(expect.objectContaining({ email: admin.email, role: 'admin', linkedToProvider: false }));
  });

  it('probes the database, Redis, the gateway, mail and push live', async () => {
    const admin = await t.admin();
    const body = (await call(admin, 'GET', '/api/diagnostics/flow')).json() as FlowDiagnostics;
    const byName = Object.fromEntries(body.probes.map((probe) => [probe.name, probe]));
    expect(Object.keys(byName)).toEqual(['Database', 'Redis', 'Payment gateway', 'Mail', 'Push']);
    expect(byName.Database).toMatchObject({ state: 'ok', detail: expect.stringContaining('select 1') });
    expect(byName.Redis).toMatchObject(redisUrl ? { state: 'ok', detail: 'PING answered PONG' } : { state: 'off' });
    expect(byName['Payment gateway']).toMatchObject({ state: 'ok', detail: expect.stringContaining('test gateway') });
    expect(byName.Mail).toMatchObject({ state: 'off' });
    expect(byName.Push).toMatchObject({ state: 'off' });
  });
});

describe('debug routes with Redis unreachable and SMTP down', () => {
  const t = useDemoAdminApp('pglite', { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  const { call } = t;
  beforeAll(() => {
    // Redis is only probed, never connected at start-up, for this check: point the probe at a closed port.
    Object.assign(t.config, { REDIS_URL: 'redis://127.0.0.1:1' });
  });

  it('reports each as down with the reason instead of failing', async () => {
    const admin = await t.admin();
    const response = await call(admin, 'GET', '/api/diagnostics/flow');
    expect(response.statusCode).toBe(200);
    const byName = Object.fromEntries((response.json() as FlowDiagnostics).probes.map((probe) => [probe.name, probe]));
    expect(byName.Redis!.state).toBe('down');
    expect(byName.Mail!.state).toBe('down');
    expect(byName.Database!.state).toBe('ok');
  });
});

describe('debug routes with demo mode off', () => {
  const t = useDemoAdminApp('pglite', { env: { DEMO_MODE: 'false' } });
  const { call } = t;

  it('answers 404 to everyone, admins included', async () => {
    const admin = await t.admin();
    for (const url of routes) {
      expect((await call(admin, 'GET', url)).statusCode, url).toBe(404);
      expect((await call(null, 'GET', url)).statusCode, url).toBe(404);
    }
  });
});
