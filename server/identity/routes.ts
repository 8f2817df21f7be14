import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@core/errors.ts';
import { adminUserListQuerySchema } from '@core/schemas/admin.ts';
import {
  adminUpdateUserSchema,
  demoLoginSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  userIdParamsSchema,
  type AuthProviders,
} from '@core/schemas/auth.ts';
import { clearSessionCookie, sessionCookieName, setSessionCookie } from './auth-plugin.ts';
import { signedInHintCookie } from '@core/domain/session-hint.ts';
import { requireUser } from './access.ts';
import {
  demoLogin,
  getUser,
  listUsersForAdmin,
  login,
  logout,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  TooManyAttemptsError,
  updateUserByAdmin,
  type AccountClosing,
  type AccountOpener,
  type SetupProgress,
  verifyEmail,
  type SignedIn,
} from './auth-service.ts';
import { oidcFlowLifetimeMs, signInWithOidc } from './oidc-service.ts';
import { toPublicUser } from './user-service.ts';
import { demoOutboxPath, verifyEmailSchema } from '@core/schemas/email-verification.ts';
import { isDemoOutboxOpen } from '../config.ts';
import { parse } from '../http/validate.ts';

const oidcCookieName = 'glossly_oidc';

const isLoopback = (ip: string) => isIP(ip) !== 0 && (ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.'));
const oidcCookiePath = '/api/auth/oidc';

/**
 * `closing`, `openers` and `setupProgress` are other rooms' parts of an account's life, which identity declares and
 * buildApp hands in (decision 045): identity imports no other room.
 */
export async function authRoutes(
  app: FastifyInstance,
  {
    closing,
    openers = [],
    setupProgress,
  }: { closing?: AccountClosing; openers?: readonly AccountOpener[]; setupProgress?: SetupProgress } = {},
) {
  const { oidc } = app.ctx;
  // Identity reads the app's context (links in emails are built from config.PUBLIC_URL only, never the Host header).
  const { ctx } = app;
  /**
   * Per client address. Outside production the loopback address is exempt: the developer's own browser and the
   * end-to-end suite register many accounts from it. In production behind a proxy, set TRUST_PROXY.
   */
  const perAddress = (max: number, timeWindow: string) => ({
    rateLimit: { max, timeWindow, allowList: (request: FastifyRequest) => app.config.NODE_ENV !== 'production' && isLoopback(request.ip) },
  });

  function signIn(reply: FastifyReply, result: SignedIn) {
    setSessionCookie(app, reply, result.sessionToken);
    return result.user;
  }

  app.get('/api/auth/user', (request) => toPublicUser(app.ctx.db, requireUser(request.user)));

  // The app's own question at start-up: a visitor is an answer (`user: null`), not a 401, so a signed-out first
  // visit logs no failed request in the browser's console (the spec's /api/auth/user keeps its 401).
  // A hint that outlived its session (expired, signed out elsewhere) is cleared, so the app stops asking.
  app.get('/api/auth/session', async (request, reply) => {
    if (request.user) return { user: await toPublicUser(app.ctx.db, request.user) };
    if (request.cookies[signedInHintCookie] !== undefined) clearSessionCookie(reply);
    return { user: null };
  });

  // The same 201 answer for a new email and a taken one; the confirmation link signs in (decision 010).
  app.post('/api/auth/register', { config: perAddress(5, '1 hour') }, async (request, reply) => {
    const answer = await register(ctx, parse(registerSchema, request.body), openers);
    return reply.status(201).send(isDemoOutboxOpen(app.config) ? { ...answer, outboxPath: demoOutboxPath } : answer);
  });

  app.post('/api/auth/verify-email', async (request, reply) => {
    const { token } = parse(verifyEmailSchema, request.body);
    const result = await verifyEmail(ctx, token);
    const previous = request.cookies[sessionCookieName];
    if (previous) await logout(app.ctx.db, previous);
    return signIn(reply, result);
  });

  app.post('/api/auth/resend-verification', { config: { rateLimit: { max: 3, timeWindow: '15 minutes' } } }, async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    return resendVerification(ctx, email);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const input = parse(loginSchema, request.body);
    try {
      const result = await login(ctx, input, request.ip);
      // Signing in again (the spec's client logs in right after registering) replaces the old session.
      const previous = request.cookies[sessionCookieName];
      if (previous) await logout(app.ctx.db, previous);
      return signIn(reply, result);
    } catch (error) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await logout(app.ctx.db, request.cookies[sessionCookieName]);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post('/api/auth/demo-login', async (request, reply) => {
    const { role } = parse(demoLoginSchema, request.body);
    return signIn(reply, await demoLogin(ctx, role));
  });

  app.post('/api/auth/forgot-password', { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } }, async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    return requestPasswordReset(ctx, email);
  });

  app.post('/api/auth/reset-password', async (request) => {
    const { token, password } = parse(resetPasswordSchema, request.body);
    return resetPassword(ctx, token, password);
  });

  app.get('/api/auth/providers', (): AuthProviders => ({ google: oidc.status() }));

  const oidcFailure = (reply: FastifyReply, message: string) => reply.redirect(`/login?oidcError=${encodeURIComponent(message)}`);

  app.get('/api/auth/oidc/start', async (request, reply) => {
    try {
      const { url, flowCookie } = await oidc.start(`${app.config.PUBLIC_URL}/api/auth/oidc/callback`, app.ctx.clock.now());
      reply.setCookie(oidcCookieName, flowCookie, {
        path: oidcCookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.NODE_ENV === 'production',
        maxAge: oidcFlowLifetimeMs / 1000,
      });
      return reply.redirect(url);
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID Connect sign-in could not start');
      return oidcFailure(
        reply,
        error instanceof AppError ? error.message : 'Google sign-in is unavailable right now. Please try again later.',
      );
    }
  });

  app.get('/api/auth/oidc/callback', async (request, reply) => {
    const flowCookie = request.cookies[oidcCookieName];
    reply.clearCookie(oidcCookieName, { path: oidcCookiePath });
    try {
      const callbackUrl = new URL(request.url, app.config.PUBLIC_URL);
      const identity = await oidc.finish(callbackUrl, flowCookie, app.ctx.clock.now());
      signIn(reply, await signInWithOidc(ctx, identity));
      return reply.redirect('/login?signedIn=google');
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID Connect sign-in failed');
      return oidcFailure(reply, error instanceof AppError ? error.message : 'An error occurred during Google sign-in');
    }
  });

  app.get('/api/users/:id', (request) => getUser(app.ctx.db, request.user, parse(userIdParamsSchema, request.params).id));

  app.get('/api/admin/users', (request) =>
    listUsersForAdmin(app.ctx.db, request.user, parse(adminUserListQuerySchema, request.query), setupProgress),
  );

  app.patch('/api/admin/users/:id', async (request) => {
    const user = await updateUserByAdmin(
      app.ctx.db,
      request.user,
      parse(userIdParamsSchema, request.params).id,
      parse(adminUpdateUserSchema, request.body),
      closing,
    );
    // A disabled detailer leaves the catalog's lists at once (decision 021), not when the cache expires.
    app.ctx.catalogCache.clear();
    return user;
  });
}
