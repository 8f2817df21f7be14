import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { systemClock, type Clock } from './clock.ts';
import authPlugin from './plugins/auth.ts';
import csrfPlugin from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import realtimePlugin from './plugins/realtime.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticClient } from './plugins/static-client.ts';
import { authRoutes } from './routes/auth.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { paymentRoutes } from './routes/payments.ts';
import { quickCheckoutRoutes } from './routes/quick-checkout.ts';
import { startBookingExpiryJob } from './jobs/booking-expiry.ts';
import { startBookingRemindersJob } from './jobs/booking-reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    clock: Clock;
  }
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** The built client (dist/client); tests of the API leave it out. */
  clientDir?: string;
  clock?: Clock;
};

/** Builds the whole app without listening: main.ts listens, tests use inject(). */
export async function buildApp({ config, database, clientDir, clock = systemClock }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.NODE_ENV === 'production',
    bodyLimit: 64 * 1024,
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('clock', clock);

  registerSecurityHeaders(app, config.NODE_ENV === 'production');
  await app.register(fastifyCookie);
  // Limits are set per route (sign-in, reset) rather than globally.
  await app.register(fastifyRateLimit, { global: false });
  registerErrorHandler(app);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);

  await app.register(authRoutes);
  await app.register(catalogRoutes);
  await app.register(bookingRoutes);
  await app.register(paymentRoutes);
  await app.register(quickCheckoutRoutes);
  await app.register(notificationRoutes);
  app.get('/api/health', () => ({ ok: true }));

  // Holds lapse, requests expire and reminders go out on a schedule, not on a page view. Tests run each
  // job's pass by hand with a test clock instead.
  if (config.NODE_ENV !== 'test') {
    startBookingExpiryJob(app);
    startBookingRemindersJob(app);
  }

  await registerStaticClient(app, clientDir);
  return app;
}
