import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

// The expected origin comes from configuration: an attacker who controls the Host header (a DNS rebinding, a proxy
// that forwards it) must not be able to make their own site the "same origin".
describe('cross-site requests', () => {
  describe('in production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', {
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://glossly.example', PAYMENTS_GATEWAY: 'test', LOG_LEVEL: 'silent' },
      });
    });
    afterAll(() => t.close());

    const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

    it('refuses an Origin that matches only the Host header the attacker sent', async () => {
      const response = await logout({ host: 'evil.example', origin: 'https://evil.example' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', message: 'This request came from another site and was refused' });
    });

    it('refuses loopback origins, and accepts PUBLIC_URL whatever the Host says', async () => {
      expect((await logout({ origin: 'http://localhost:3000' })).statusCode).toBe(403);
      expect((await logout({ host: 'evil.example', origin: 'https://glossly.example' })).statusCode).not.toBe(403);
    });
  });

  describe('in development', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { env: { NODE_ENV: 'development', PORT: '3000', LOG_LEVEL: 'silent' } });
    });
    afterAll(() => t.close());

    it("accepts the developer's loopback origins (the app, Vite's dev server) and refuses any other site", async () => {
      const logout = (origin: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin } });
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173']) {
        expect((await logout(origin)).statusCode, origin).not.toBe(403);
      }
      for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) {
        expect((await logout(origin)).statusCode, origin).toBe(403);
      }
    });
  });
});
