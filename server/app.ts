import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Config } from './config.ts';
import type { Agent } from 'node:https';
import { createMailer } from './notifications/mailer.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createAppContext, type AppContext, type AppLog, type Collaborators } from './context.ts';
import type { Database } from './db/client.ts';
import { createGeocoder } from './geo/geocoder.ts';
import { createRouter } from './geo/routing.ts';
import { createOidcSignIn } from './identity/oidc-service.ts';
import { createForecastProvider } from './weather/forecast-provider.ts';
import { createMembershipBilling } from './memberships/billing/index.ts';
import { createPayoutGateway } from './business/gateways/index.ts';
import { createObjectStorage } from './storage/object-storage.ts';
import type { PaymentGateway } from './payments/gateways/gateway.ts';
import { catalogCacheTtlMs, createCatalogCache } from './catalog/catalog-cache.ts';
import { createPaymentGateway } from './payments/gateways/index.ts';
import { TestGateway } from './payments/gateways/test-gateway.ts';
import { applyMoneyEffect } from './payments/payment-service.ts';
import type { BookingMoveFollower } from './bookings/booking-moves.ts';
import { followProofOfService } from './proof/proof-rules.ts';
import { followReferralBooking, referralOpener } from './referrals/referral-rewards.ts';
import { detailerProfileOpener } from './onboarding/detailer-profile.ts';
import { stepsDoneCount } from './onboarding/onboarding-steps.ts';
import { followTripSharing } from './tracking/location-sharing.ts';
import { followPromoCodeRelease } from './marketing/promo-release.ts';
import { systemClock, type Clock } from './clock.ts';
import authPlugin from './identity/auth-plugin.ts';
import csrfPlugin from './http/csrf.ts';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler.ts';
import { loggerOptions, type LogStream } from './http/logger.ts';
import realtimePlugin, { createRealtimeHub } from './notifications/realtime-plugin.ts';
import { loadEarlyTapRecorder } from './http/early-taps.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticClient } from './http/static-client.ts';
import { authRoutes } from './identity/routes.ts';
import { requireSessionBeforeBody } from './http/session-first.ts';
import { rateLimitStore } from './http/rate-limit-store.ts';
import type { AccountClosing } from './identity/auth-service.ts';
import { endMembershipsOfClosedAccount } from './memberships/membership-closing.ts';
import { accountRoutes } from './account/routes.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { ownServiceRoutes } from './catalog/own-services-routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { paymentRoutes, webhookPath } from './payments/routes.ts';
import { quickCheckoutRoutes } from './bookings/quick-checkout-routes.ts';
import { startBookingExpiryJob } from './bookings/booking-expiry-job.ts';
import { startBookingRemindersJob } from './bookings/booking-reminders-job.ts';
import { startMailDeliveryJob } from './notifications/mail-delivery-job.ts';
import { startNotificationDeliveryJob } from './notifications/notification-delivery-job.ts';
import { trackingRoutes } from './tracking/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { proofRoutes } from './proof/routes.ts';
import { trustRoutes } from './trust/routes.ts';
import { startUploadCleanupJob } from './uploads/upload-cleanup-job.ts';
import { addressRoutes } from './garage/address-routes.ts';
import { vehicleRoutes } from './garage/vehicle-routes.ts';
import { claimRoutes } from './claims/routes.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { businessStatsRoutes } from './business-stats/routes.ts';
import { onboardingRoutes } from './onboarding/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { startReviewJob } from './reviews/review-reminders-job.ts';
import { startTrackingRetentionJob } from './tracking/tracking-retention-job.ts';
import { businessRoutes } from './business/routes.ts';
import { adminCatalogRoutes } from './admin-catalog/routes.ts';
import { startEarningsJobs } from './business/earnings-jobs.ts';
import { weatherRoutes } from './weather/routes.ts';
import { startWeatherJob } from './weather/weather-job.ts';
import { diagnosticsRoutes } from './diagnostics/routes.ts';
import { promoCodeRoutes } from './marketing/promo-routes.ts';
import { membershipVisitRoutes } from './memberships/visits/routes.ts';
import { startVisitSchedulerJob } from './memberships/visits/visit-scheduler-job.ts';
import { membershipRoutes } from './memberships/routes.ts';
import { startMembershipRenewalJob } from './memberships/renewal-job.ts';
import { referralRoutes } from './referrals/routes.ts';
import { marketingRoutes } from './marketing/marketing-routes.ts';
import { startCampaignJob } from './marketing/campaign-job.ts';
import { smartBookingRoutes } from './smart-booking/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The app's one context (server/context.ts): routes hand it to the services. */
    ctx: AppContext;
    /** Set by the drain (server/shutdown.ts): /api/health answers 503 so that balancers stop sending requests here. */
    draining: boolean;
  }
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** The built client (dist/client); tests of the API leave it out. */
  clientDir?: string;
  clock?: Clock;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** The HTTPS agent Web Push goes through (tests point it at their loopback push service). */
  pushAgent?: Agent;
  /** Collaborators to use instead of the configuration's choice (tests: a loopback Stripe, a fake forecast). */
  collaborators?: Partial<Collaborators>;
};

/**
 * The collaborators the configuration chooses (server/context.ts), each built here and nowhere else; one not given
 * in `replaced` is made from the configuration. buildApp calls it once per app; the seed, which runs before the app
 * exists, calls it for its own context, as do tests' contexts without an app.
 */
export function createCollaborators(
  config: Config,
  edges: { db: Database; gateway: PaymentGateway; log: AppLog },
  replaced: Partial<Collaborators> = {},
): Collaborators {
  return {
    geocoder: replaced.geocoder ?? createGeocoder(config, edges.log),
    router: replaced.router ?? createRouter(config, edges.log),
    storage: replaced.storage ?? createObjectStorage(config),
    payouts: replaced.payouts ?? createPayoutGateway(config),
    membershipBilling: replaced.membershipBilling ?? createMembershipBilling(config, edges.gateway),
    // The built-in provider reads the admins' table through the app's handle: forecasts are asked outside transactions.
    forecast: replaced.forecast ?? createForecastProvider(config, edges.db),
    oidc:
      replaced.oidc ??
      createOidcSignIn({ issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET }),
  };
}

/**
 * The rooms that follow a booking's moves inside its transaction, in this order (decision 045): proof of service
 * (the checklist at Start, Complete refused without its proof, decision 020), referrals (a friend's first paid
 * booking and the referrer's reward, issue 18), trip sharing (On my way shares the detailer's location, Start stops
 * it, issue 37) and promo codes (an unpaid hold gives its use back, decision 022). Every context lists them.
 */
export const bookingMoveFollowers: readonly BookingMoveFollower[] = [
  followProofOfService,
  followReferralBooking,
  followTripSharing,
  followPromoCodeRelease,
];

const trustedHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app without listening: main.ts listens, tests use inject(). */
export async function buildApp({
  config,
  database,
  clientDir,
  clock = systemClock,
  logStream,
  pushAgent,
  collaborators,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    frameworkErrors: frameworkErrorHandler,
    // Only the proxies named in TRUST_PROXY may say who the client is (X-Forwarded-For); none by default.
    // A hop count trusts that many proxies in front of us (proxy-addr's semantics; Fastify types it as a function).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustedHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
  });
  app.decorate('config', config);

  // The composition root: every collaborator is built here, once, and handed to the services in one context.
  const { db } = database;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log, clock });
  // A delivery still running finishes before the database closes.
  app.addHook('onClose', () => mailer.settled());
  const realtime = await createRealtimeHub({ config, db, mailer, log: app.log, pushAgent, clock });
  app.decorate('realtime', realtime);
  const gateway = await createPaymentGateway(config, clock, db);
  if (gateway instanceof TestGateway) {
    if (config.NODE_ENV === 'production') {
      app.log.warn('PAYMENTS_GATEWAY=test in production: only test cards are taken and no real money moves');
    }
    // The built-in gateway posts its signed events to the same route Stripe's reach, through the whole HTTP stack.
    gateway.setDelivery(async (body, signatureHeader) => {
      const response = await app.inject({
        method: 'POST',
        url: webhookPath,
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader },
      });
      if (response.statusCode >= 400) throw new Error(`Webhook answered ${response.statusCode}: ${response.body}`);
    });
  }
  const ctx = createAppContext({
    db,
    clock,
    config,
    gateway,
    mailer,
    publishNotification: realtime.publish,
    publishChange: realtime.publishChange,
    catalogCache: createCatalogCache(),
    // Bookings declares each move's money effect; payments applies it.
    onMoneyEffect: applyMoneyEffect,
    bookingMoveFollowers,
    log: app.log,
    ...createCollaborators(config, { db, gateway, log: app.log }, collaborators),
  });
  app.decorate('ctx', ctx);

  // Drawn pages carry the recorder of early taps inline (decision 052): the CSP allows that one script by its hash.
  const earlyTaps = loadEarlyTapRecorder(clientDir);
  registerSecurityHeaders(app, config.NODE_ENV === 'production', config.MAP_TILE_URL, earlyTaps ? [earlyTaps.hashSource] : []);
  // API JSON over 1 KB is compressed per request (Brotli or gzip); request bodies are taken as sent. Only routes under
  // /api: the built client comes precompressed (server/http/static-client.ts); the live stream (hijacked,
  // text/event-stream) never is.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress ??= false;
  });
  // Every write needs a session, checked before its body is read, unless it is one a visitor may make.
  requireSessionBeforeBody(app);
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });
  await app.register(fastifyCookie);
  // Limits are set per route (sign-in, reset) rather than globally.
  await app.register(fastifyRateLimit, { global: false, ...rateLimitStore(app, config) });
  registerErrorHandler(app);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);

  // A disabled account's membership ends with it, in the same transaction: its owner cannot sign in to cancel.
  await app.register(authRoutes, {
    closing: ((tx, userId) => endMembershipsOfClosedAccount({ ...app.ctx, db: tx }, userId, app.ctx.clock.now())) satisfies AccountClosing,
    // Other rooms' parts of opening an account, in this order: a referral code, then a detailer's profile.
    openers: [referralOpener, detailerProfileOpener],
    setupProgress: stepsDoneCount,
  });
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(ownServiceRoutes);
  await app.register(bookingRoutes);
  await app.register(paymentRoutes);
  await app.register(quickCheckoutRoutes);
  await app.register(notificationRoutes);
  await app.register(messageRoutes);
  await app.register(trackingRoutes);
  await app.register(uploadRoutes);
  await app.register(proofRoutes);
  await app.register(addressRoutes);
  await app.register(vehicleRoutes);
  await app.register(claimRoutes);
  await app.register(reviewRoutes);
  await app.register(businessStatsRoutes);
  await app.register(onboardingRoutes);
  await app.register(dashboardRoutes);
  await app.register(businessRoutes);
  await app.register(weatherRoutes);
  await app.register(diagnosticsRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(promoCodeRoutes);
  await app.register(membershipVisitRoutes);
  await app.register(membershipRoutes);
  await app.register(referralRoutes);
  await app.register(marketingRoutes);
  await app.register(smartBookingRoutes);
  await app.register(calendarRoutes);
  await app.register(trustRoutes);
  app.decorate('draining', false);
  app.get('/api/health', (_request, reply) =>
    app.draining ? reply.code(503).send({ ok: false, draining: true }) : reply.send({ ok: true }),
  );

  // Holds lapse, requests expire and reminders go out on a schedule, not on a page view. Tests run each
  // job's pass by hand with a test clock instead.
  if (config.NODE_ENV !== 'test') {
    startBookingExpiryJob(app);
    startBookingRemindersJob(app);
    startMailDeliveryJob(app);
    startNotificationDeliveryJob(app);
    startTrackingRetentionJob(app);
    startReviewJob(app);
    startUploadCleanupJob(app);
    startEarningsJobs(app);
    startWeatherJob(app);
    startCampaignJob(app);
    startVisitSchedulerJob(app);
    startMembershipRenewalJob(app);
  }

  await registerStaticClient(app, clientDir, { visitorPageLifetimeMs: catalogCacheTtlMs, earlyTaps });
  return app;
}
