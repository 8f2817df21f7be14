import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../identity/auth-plugin.ts';
import { authDiagnostics, flowDiagnostics, identityDiagnostics } from './diagnostics-service.ts';

/** Where this request says it came from, as the CSRF check reads it: Origin, else the Referer's origin. */
function requestOrigin(request: FastifyRequest): string | null {
  const { origin, referer } = request.headers;
  if (origin) return origin;
  if (!referer || !URL.canParse(referer)) return null;
  return new URL(referer).origin;
}

/** The admins' debug pages (issue 19): 404 with demo mode off, admins only in it. */
export async function diagnosticsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/diagnostics/auth', (request) =>
    authDiagnostics(ctx, request.user, { sessionToken: request.cookies[sessionCookieName], origin: requestOrigin(request) }),
  );

  app.get('/api/diagnostics/identity', (request) => identityDiagnostics(ctx, request.user));

  app.get('/api/diagnostics/flow', (request) => flowDiagnostics(ctx, request.user, ctx.clock.now()));
}
