import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser, sessionLifetimeMs } from './session-service.ts';
import type { UserRow } from './user-service.ts';
import { signedInHintCookie } from '@core/domain/session-hint.ts';

export const sessionCookieName = 'glossly_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user from the session cookie; never from a header such as demo-user-id. */
    user: UserRow | null;
  }
}

/** Who is asking: the user of the session cookie, or null. Nothing else identifies anyone. */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[sessionCookieName];
    request.user = token ? ((await findSessionUser(app.ctx.db, token, app.ctx.clock.now())) ?? null) : null;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  const options = { path: '/', sameSite: 'lax', secure: app.config.NODE_ENV === 'production', maxAge: sessionLifetimeMs / 1000 } as const;
  reply.setCookie(sessionCookieName, token, { ...options, httpOnly: true });
  // Readable by the page on purpose: it tells the app a session may exist (core/domain/session-hint.ts).
  reply.setCookie(signedInHintCookie, '1', options);
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(sessionCookieName, { path: '/' });
  reply.clearCookie(signedInHintCookie, { path: '/' });
}
