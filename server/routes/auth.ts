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
import { clearSessionCookie, sessionCookieName, setSessionCookie } from '../plugins/auth.ts';
import { appOrigin } from '../plugins/csrf.ts';
import { requireUser } from '../services/access.ts';
import {
  demoLogin,
  getUser,
  listUsersForAdmin,
  login,
  logout,
  register,
  requestPasswordReset,
  resetPassword,
  TooManyAttemptsError,
  updateUserByAdmin,
  type AuthContext,
  type SignedIn,
} from '../services/auth-service.ts';
import { createMailer } from '../services/mailer.ts';
import { createOidcSignIn, oidcFlowLifetimeMs, signInWithOidc } from '../services/oidc-service.ts';
import { toPublicUser } from '../services/user-service.ts';
import { parse } from './validate.ts';

const oidcCookieName = 'glossly_oidc';
const oidcCookiePath = '/api/auth/oidc';

export async function authRoutes(app: FastifyInstance) {
  const mailer = createMailer({ smtpUrl: app.config.SMTP_URL, from: app.config.MAIL_FROM, log: app.log, clock: app.clock });
  const oidc = createOidcSignIn({
    issuer: app.config.OIDC_ISSUER,
    clientId: app.config.OIDC_CLIENT_ID,
    clientSecret: app.config.OIDC_CLIENT_SECRET,
  });
  const context = (): AuthContext => ({ db: app.db, now: app.clock.now(), adminEmails: app.config.ADMIN_EMAILS });
  const origin = (request: FastifyRequest) => appOrigin(request, app.config.PUBLIC_URL);

  function signIn(reply: FastifyReply, result: SignedIn) {
    setSessionCookie(app, reply, result.sessionToken);
    return result.user;
  }

  app.get('/api/auth/user', (request) => toPublicUser(app.db, requireUser(request.user)));

  app.post('/api/auth/register', async (request, reply) => {
    const result = await register(context(), parse(registerSchema, request.body));
    reply.status(201);
    return signIn(reply, result);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const input = parse(loginSchema, request.body);
    try {
      const result = await login(context(), input, request.ip);
      // Signing in again (the spec's client logs in right after registering) replaces the old session.
      const previous = request.cookies[sessionCookieName];
      if (previous) await logout(app.db, previous);
      return signIn(reply, result);
    } catch (error) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await logout(app.db, request.cookies[sessionCookieName]);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post('/api/auth/demo-login', async (request, reply) => {
    const { role } = parse(demoLoginSchema, request.body);
    return signIn(reply, await demoLogin({ ...context(), isDemoMode: app.config.DEMO_MODE }, role));
  });

  app.post(
    '/api/auth/forgot-password',
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request) => {
      const { email } = parse(forgotPasswordSchema, request.body);
      return requestPasswordReset({ ...context(), mailer, appUrl: origin(request) }, email);
    },
  );

  app.post('/api/auth/reset-password', async (request) => {
    const { token, password } = parse(resetPasswordSchema, request.body);
    return resetPassword(context(), token, password);
  });

  app.get('/api/auth/providers', (): AuthProviders => ({ google: oidc.status() }));

  const oidcFailure = (reply: FastifyReply, message: string) =>
    reply.redirect(`/login?oidcError=${encodeURIComponent(message)}`);

  app.get('/api/auth/oidc/start', async (request, reply) => {
    try {
      const { url, flowCookie } = await oidc.start(`${origin(request)}/api/auth/oidc/callback`, app.clock.now());
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
      return oidcFailure(reply, error instanceof AppError ? error.message : 'Google sign-in is unavailable right now. Please try again later.');
    }
  });

  app.get('/api/auth/oidc/callback', async (request, reply) => {
    const flowCookie = request.cookies[oidcCookieName];
    reply.clearCookie(oidcCookieName, { path: oidcCookiePath });
    try {
      const callbackUrl = new URL(request.url, origin(request));
      const identity = await oidc.finish(callbackUrl, flowCookie, app.clock.now());
      signIn(reply, await signInWithOidc(context(), identity));
      return reply.redirect('/login?signedIn=google');
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID Connect sign-in failed');
      return oidcFailure(reply, error instanceof AppError ? error.message : 'An error occurred during Google sign-in');
    }
  });

  app.get('/api/users/:id', (request) => getUser(app.db, request.user, parse(userIdParamsSchema, request.params).id));

  app.get('/api/admin/users', (request) =>
    listUsersForAdmin(app.db, request.user, parse(adminUserListQuerySchema, request.query)),
  );

  app.patch('/api/admin/users/:id', (request) =>
    updateUserByAdmin(
      app.db,
      request.user,
      parse(userIdParamsSchema, request.params).id,
      parse(adminUpdateUserSchema, request.body),
    ),
  );
}
