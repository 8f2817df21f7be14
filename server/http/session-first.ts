import type { FastifyInstance, preParsingHookHandler } from 'fastify';
import { unauthorized } from '@core/errors.ts';

/**
 * The writes a visitor may make: signing up and in, the emailed links (the token is the proof), the gateways'
 * signed webhooks and a campaign's unsubscribe button. Every other write under /api/ needs a session.
 */
export const visitorWrites: ReadonlySet<string> = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/demo-login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/resend-verification',
  'POST /api/auth/verify-email',
  'POST /api/account/email/confirm',
  'POST /api/payments/webhook',
  'POST /api/memberships/webhook',
  'POST /api/m/u/:token',
]);

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write route under /api/ as `METHOD url`, and whether it needs a session (session-first.ts). */
    apiWrites: Array<{ route: string; signedIn: boolean }>;
  }
}

/** Refuses a request without a session before its body is read (preParsing comes before the body parser). */
const sessionFirst: preParsingHookHandler = async (request, _reply, payload) => {
  if (!request.user) throw unauthorized();
  return payload;
};

/**
 * Deny by default: each write route under /api/ is given a preParsing check that a session is there (the auth
 * plugin's onRequest hook has read it), unless it is one of `visitorWrites`. So an anonymous request gets 401 before
 * anything of its body is parsed or validated, whatever the route's handler does first, and a new route is
 * signed-in unless it is named above. Register before any route.
 */
export function requireSessionBeforeBody(app: FastifyInstance): void {
  const apiWrites: FastifyInstance['apiWrites'] = [];
  app.decorate('apiWrites', apiWrites);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (!writeMethods.has(method)) continue;
      const name = `${method} ${route.url}`;
      const signedIn = !visitorWrites.has(name);
      apiWrites.push({ route: name, signedIn });
      if (signedIn) route.preParsing = [sessionFirst, ...[route.preParsing ?? []].flat()];
    }
  });
}
