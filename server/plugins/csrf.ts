import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '@core/errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this app is served from: PUBLIC_URL when set, else the one the request came to. */
export function appOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  try {
    // Through URL so that 'localhost:80' and 'localhost' compare equal.
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'invalid';
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
    if (origin !== undefined && origin !== appOrigin(request, app.config.PUBLIC_URL)) {
      throw forbidden('This request came from another site and was refused');
    }
  });
}

export default fp(csrfPlugin, { name: 'csrf' });
