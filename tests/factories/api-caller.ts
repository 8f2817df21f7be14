import type { Clock } from '../../server/clock.ts';
import { createCaller, type TestApp } from '../integration/test-app.ts';

/** Every method the detailer's and admin's endpoints take, PATCH and PUT included. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * createCaller's `call` for any ApiMethod (its own stops at PUT and DELETE; the detailer's endpoints edit with PATCH),
 * so tests need not write their own: each user is signed in once by cookie, `null` calls signed out.
 */
export function createApiCaller(app: () => TestApp, clock: Clock) {
  const { cookieFor } = createCaller(app, clock);
  return async (user: { id: number } | null, method: ApiMethod, url: string, payload?: object) =>
    app().app.inject({ method, url, headers: user ? { cookie: await cookieFor(user) } : {}, ...(payload ? { payload } : {}) });
}
