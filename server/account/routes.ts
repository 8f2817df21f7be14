import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  updateProfileSchema,
} from '@core/schemas/account.ts';
import { clearSessionCookie, sessionCookieName } from '../identity/auth-plugin.ts';
import { parse } from '../http/validate.ts';
import { deleteAccount } from './delete-account-service.ts';
import { confirmEmailChange, requestEmailChange, type EmailChangeContext } from './email-change-service.ts';
import { exportAccountData, exportFileName } from './export-service.ts';
import { changePassword, updateProfile } from './profile-service.ts';

/** The signed-in user's own account (decision 019, Profile). Each service checks the caller first (401 signed out). */
export async function accountRoutes(app: FastifyInstance) {
  const emailContext = (): EmailChangeContext => ({
    db: app.ctx.db,
    now: app.ctx.clock.now(),
    mailer: app.ctx.mailer,
    // Links in emails are built from PUBLIC_URL only, never from the request's Host header.
    appUrl: app.config.PUBLIC_URL,
  });
  const currentSession = (request: FastifyRequest) => request.cookies[sessionCookieName];
  // Routes that check a password: 10 tries in 15 minutes per account (per address when signed out).
  const passwordChecked = {
    config: {
      rateLimit: {
        max: 10,
        timeWindow: '15 minutes',
        keyGenerator: (request: FastifyRequest) => `account:${request.user?.id ?? request.ip}`,
      },
    },
  };

  app.patch('/api/account', (request) => updateProfile(app.ctx.db, request.user, parse(updateProfileSchema, request.body)));

  app.post('/api/account/password', passwordChecked, (request) =>
    changePassword(app.ctx.db, request.user, parse(changePasswordSchema, request.body), currentSession(request)),
  );

  app.post('/api/account/email', passwordChecked, async (request, reply) => {
    const answer = await requestEmailChange(emailContext(), request.user, parse(changeEmailSchema, request.body));
    return reply.status(202).send(answer);
  });

  // The emailed link: it may be opened signed out, or in another browser; the token alone is the proof.
  app.post('/api/account/email/confirm', async (request) => {
    const { token } = parse(confirmEmailChangeSchema, request.body);
    return confirmEmailChange(emailContext(), token, currentSession(request));
  });

  app.delete('/api/account', passwordChecked, async (request, reply) => {
    await deleteAccount(app.ctx, request.user, parse(deleteAccountSchema, request.body), app.ctx.clock.now());
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get('/api/account/export', async (request, reply) => {
    const now = app.ctx.clock.now();
    const data = await exportAccountData(app.ctx.db, request.user, now);
    return reply
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
}
