import type { FastifyInstance } from 'fastify';
import {
  deviceTokenInputSchema,
  notificationCountQuerySchema,
  notificationIdParamsSchema,
  notificationSettingsInputSchema,
  notificationsQuerySchema,
} from '@core/schemas/notification.ts';
import { requireUser } from '../identity/access.ts';
import {
  countNotifications,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  registerDeviceToken,
  updateNotificationSettings,
} from './notification-service.ts';
import { openNotificationStream } from './realtime-plugin.ts';
import { parse } from '../http/validate.ts';
import { listDemoOutbox } from './demo-outbox.ts';

export async function notificationRoutes(app: FastifyInstance) {
  app.get('/api/notifications', (request) => listNotifications(app.ctx.db, request.user, parse(notificationsQuerySchema, request.query)));

  app.get('/api/notifications/count', (request) =>
    countNotifications(app.ctx.db, request.user, parse(notificationCountQuerySchema, request.query)),
  );

  app.patch('/api/notifications/:id/read', (request) =>
    markNotificationRead(app.ctx.db, request.user, parse(notificationIdParamsSchema, request.params).id),
  );

  app.post('/api/notifications/read-all', (request) => markAllNotificationsRead(app.ctx.db, request.user));

  // Demo mode's local outbox (404 otherwise): no caching, its links are single-use.
  app.get('/api/demo/outbox', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listDemoOutbox(app.ctx.db, app.config);
  });

  // Server-Sent Events: the signed-in user's notifications and live changes as they happen, on any instance.
  app.get('/api/notifications/stream', async (request, reply) => {
    await openNotificationStream(app, request, reply, requireUser(request.user));
    return reply;
  });

  app.post('/api/device-tokens', async (request, reply) => {
    const token = await registerDeviceToken(
      app.ctx.db,
      requireUser(request.user),
      parse(deviceTokenInputSchema, request.body),
      app.config.PUSH_SERVICE_HOSTS,
    );
    return reply.code(201).send(token);
  });

  app.get('/api/notification-settings', (request) => getNotificationSettings(app.ctx.db, request.user));

  app.put('/api/notification-settings', (request) =>
    updateNotificationSettings(
      app.ctx.db,
      requireUser(request.user),
      app.ctx.clock.now(),
      parse(notificationSettingsInputSchema, request.body),
    ),
  );

  // The VAPID public key the browser subscribes with; null when this server sends no push.
  app.get('/api/push/public-key', () => ({
    publicKey: app.config.VAPID_PUBLIC_KEY && app.config.VAPID_PRIVATE_KEY ? app.config.VAPID_PUBLIC_KEY : null,
  }));
}
