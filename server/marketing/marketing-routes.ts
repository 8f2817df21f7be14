import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  adminNotificationInputSchema,
  audienceInputSchema,
  audienceRulesSchema,
  campaignInputSchema,
  campaignReachInputSchema,
  campaignScheduleSchema,
  marketingIdParamsSchema,
  trackingTokenParamsSchema,
} from '@core/schemas/marketing.ts';
import { notFound } from '@core/errors.ts';
import { parse } from '../http/validate.ts';
import { requireRole } from '../identity/access.ts';
import { listAdminNotifications, sendAdminNotification } from './admin-notification-service.ts';
import { createAudience, getAudience, listAudiences, previewAudience, updateAudience } from './audience-service.ts';
import {
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaigns,
  marketingOverview,
  previewCampaign,
  scheduleCampaign,
  updateCampaign,
} from './campaign-service.ts';
import { previewCampaignReach } from './campaign-reach.ts';
import { isCampaignRecipient, recordClick, recordOpen, unsubscribe } from './campaign-tracking.ts';

/** A transparent 1×1 GIF: the open pixel. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The two plain pages of the unsubscribe link, opened from an inbox: no app, no script. */
const linkPage = (title: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - Glossly</title></head>
<body style="font-family: system-ui, sans-serif; color: #171717; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<main>${main}</main>
</body></html>`;

/**
 * What the link itself opens: a question and a button. Mail scanners and link previews open every link of a message
 * (a GET), so only the button's POST unsubscribes; a mail client's one-click unsubscribe (RFC 8058) is a POST too.
 */
const unsubscribePage = (action: string) =>
  linkPage(
    'Unsubscribe',
    `<h1 style="font-size: 1.25rem">Unsubscribe from promotions?</h1>
<p>You will no longer get promotions from Glossly. Booking updates and messages still reach you.</p>
<form method="post" action="${action}"><button type="submit" style="font: inherit; min-height: 44px; padding: 0 1.25rem; border: 0; border-radius: 0.5rem; background: #1d4ed8; color: #fff">Unsubscribe</button></form>`,
  );

const unsubscribedPage = (appUrl: string) =>
  linkPage(
    'Unsubscribed',
    `<h1 style="font-size: 1.25rem">You're unsubscribed</h1>
<p>You will no longer get promotions from Glossly. Booking updates and messages still reach you.</p>
<p><a href="${appUrl}/notification-settings" style="color: #1d4ed8">Change your notification settings</a></p>`,
  );

/** Audiences, campaigns, the marketing overview and one-off notices (issue 19): admins only, checked first. */
export async function marketingRoutes(app: FastifyInstance) {
  const geocoder = app.ctx.geocoder;
  const now = () => app.ctx.clock.now();
  const { db } = app.ctx;
  const idOf = (params: unknown) => parse(marketingIdParamsSchema, params).id;
  const admin = (request: { user: Parameters<typeof requireRole>[0] }) => requireRole(request.user, 'admin');

  app.get('/api/admin/marketing', (request) => marketingOverview(db, request.user, now()));

  app.get('/api/admin/audiences', (request) => listAudiences(db, geocoder, request.user));
  app.post('/api/admin/audiences/preview', (request) => {
    admin(request);
    return previewAudience(db, geocoder, request.user, parse(audienceRulesSchema, request.body));
  });
  app.post('/api/admin/audiences', async (request, reply) => {
    admin(request);
    return reply.code(201).send(await createAudience(db, geocoder, request.user, now(), parse(audienceInputSchema, request.body)));
  });
  app.get('/api/admin/audiences/:id', (request) => {
    admin(request);
    return getAudience(db, geocoder, request.user, idOf(request.params));
  });
  app.put('/api/admin/audiences/:id', (request) => {
    admin(request);
    return updateAudience(db, geocoder, request.user, now(), idOf(request.params), parse(audienceInputSchema, request.body));
  });

  app.get('/api/admin/campaigns', (request) => listCampaigns(db, request.user));
  app.post('/api/admin/campaigns/reach', (request) => {
    admin(request);
    return previewCampaignReach(db, geocoder, request.user, parse(campaignReachInputSchema, request.body));
  });
  app.post('/api/admin/campaigns', async (request, reply) => {
    admin(request);
    return reply.code(201).send(await createCampaign(db, request.user, now(), parse(campaignInputSchema, request.body)));
  });
  app.get('/api/admin/campaigns/:id', (request) => {
    admin(request);
    return getCampaign(db, request.user, idOf(request.params));
  });
  app.put('/api/admin/campaigns/:id', (request) => {
    admin(request);
    return updateCampaign(db, request.user, now(), idOf(request.params), parse(campaignInputSchema, request.body));
  });
  app.get('/api/admin/campaigns/:id/preview', (request) => {
    admin(request);
    return previewCampaign(app.ctx, request.user, idOf(request.params));
  });
  app.post('/api/admin/campaigns/:id/send', (request) => {
    admin(request);
    return scheduleCampaign(db, request.user, now(), idOf(request.params), null);
  });
  app.post('/api/admin/campaigns/:id/schedule', (request) => {
    admin(request);
    const id = idOf(request.params);
    return scheduleCampaign(db, request.user, now(), id, new Date(parse(campaignScheduleSchema, request.body).sendAt));
  });
  app.post('/api/admin/campaigns/:id/cancel', (request) => {
    admin(request);
    return cancelCampaign(db, request.user, now(), idOf(request.params));
  });

  app.get('/api/admin/notifications', (request) => listAdminNotifications(db, request.user));
  app.post('/api/admin/notifications', async (request, reply) => {
    admin(request);
    return reply
      .code(201)
      .send(await sendAdminNotification(app.ctx, geocoder, request.user, now(), parse(adminNotificationInputSchema, request.body)));
  });

  // The email's links: no session (opened from an inbox); an unknown token is a 404 and changes nothing.
  // A malformed token is as unknown as a wrong one: 404 either way, nothing to learn from the difference.
  const token = (params: unknown) => {
    const parsed = trackingTokenParamsSchema.safeParse(params);
    if (!parsed.success) throw notFound('Unknown link');
    return parsed.data.token;
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  app.get('/api/m/o/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const known = file.endsWith('.gif') && (await recordOpen(db, token({ token: file.slice(0, -4) }), now()));
    if (!known) throw notFound('Unknown link');
    // Never cached by a client or a proxy, so each mail client's own load reaches us (only the first counts).
    return reply
      .header('cache-control', 'no-store, no-cache, must-revalidate, max-age=0')
      .header('pragma', 'no-cache')
      .header('expires', '0')
      .type('image/gif')
      .send(pixel);
  });
  app.get('/api/m/c/:token', async (request, reply) => {
    const path = await recordClick(db, token(request.params), now());
    if (path === null) throw notFound('Unknown link');
    return noStore(reply).redirect(`${app.config.PUBLIC_URL.replace(/\/$/, '')}${path}`, 302);
  });
  app.get('/api/m/u/:token', async (request, reply) => {
    const known = token(request.params);
    if (!(await isCampaignRecipient(db, known))) throw notFound('Unknown link');
    // The token is 64 hex digits (trackingTokenParamsSchema), so it goes into the form's address as it is.
    return noStore(reply)
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(`/api/m/u/${known}`));
  });
  app.post('/api/m/u/:token', async (request, reply) => {
    if (!(await unsubscribe(db, token(request.params), now()))) throw notFound('Unknown link');
    return noStore(reply)
      .type('text/html; charset=utf-8')
      .send(unsubscribedPage(app.config.PUBLIC_URL.replace(/\/$/, '')));
  });
}
