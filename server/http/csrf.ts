import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '@core/errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Outside production a developer may open the app on any loopback origin (127.0.0.1, or Vite's dev server). */
function isLoopbackOrigin(origin: string): boolean {
  try {
    const { protocol, hostname } = new URL(origin);
    return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
  } catch {
    return false;
  }
}

function requestOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin) return origin;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Cross-site request forgery: on top of the SameSite=Lax session cookie, a mutating request whose Origin
 * (or Referer) names another site is refused. Requests without either (curl, server-to-server) go through:
 * a browser always sends Origin on a cross-site POST.
 */
async function csrfPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const origin = requestOrigin(request);
    // The expected origin comes from configuration only: a Host header is the visitor's to choose.
    if (origin === undefined || origin === app.config.PUBLIC_URL) return;
    if (app.config.NODE_ENV !== 'production' && isLoopbackOrigin(origin)) return;
    throw forbidden('This request came from another site and was refused');
  });
}

export default fp(csrfPlugin, { name: 'csrf' });
