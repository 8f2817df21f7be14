import type { BookingAction, MoneyEffect } from '@core/domain/booking-status.ts';
import type { Role } from '@core/domain/roles.ts';
import type { LiveChange } from '@core/schemas/live-change.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { CatalogCache } from './catalog/catalog-cache.ts';
import type { Mailer, MailLog } from './notifications/mailer.ts';
import type { NotificationPublisher } from './notifications/notification-service.ts';
import type { PaymentGateway } from './payments/gateways/gateway.ts';
import type { Geocoder } from './geo/geocoder.ts';
import type { Router } from './geo/routing.ts';
import type { OidcSignIn } from './identity/oidc-service.ts';
import type { ForecastProvider } from './weather/forecast-provider.ts';
import type { MembershipBillingGateway } from './memberships/billing/billing-gateway.ts';
import type { PayoutGateway } from './business/payout-gateway.ts';
import type { ObjectStorage } from './storage/object-storage.ts';
import type { BookingMoveFollower } from './bookings/booking-moves.ts';

/** A committed booking move whose declared money effect is to be applied (capture, release, fee...). */
export type MoneyMove = { bookingId: number; action: BookingAction; effect: MoneyEffect; now: Date };

/**
 * Applies the money effect a booking move declares (core/domain/booking-status.ts). Bookings calls it;
 * payments implements it and the composition root (buildApp) plugs it in, so bookings never imports payments.
 */
export type MoneyEffectHandler = (ctx: AppContext, move: MoneyMove) => Promise<void>;

/** Who hears a live change: these users, and every signed-in user of these roles (admins see every booking). */
export type LiveAudience = { userIds: readonly number[]; roles: readonly Role[] };

/** Hands a committed change to every open stream of its audience, on every instance; called only after commit. */
export type LiveChangePublisher = (change: LiveChange, audience: LiveAudience) => void;

/** The log lines services write (Fastify's and pino's loggers fit). */
export type AppLog = MailLog & { error: (object: object, message: string) => void };

/**
 * The outside services whose kind the configuration chooses, each with its offline default, built once per app by
 * `createCollaborators` (server/app.ts). Tests replace one by building the app with it (buildApp's `collaborators`).
 */
export type Collaborators = {
  /** ZIP codes and street addresses to places; keeps its cache of answers as long as the app. */
  readonly geocoder: Geocoder;
  /** Drive times between places; remembers a routing service's answers as long as the app. */
  readonly router: Router;
  /** Where uploaded images go (local disk under DATA_DIR/objects, or S3). */
  readonly storage: ObjectStorage;
  /** Transfers to detailers (the built-in simulation, or Stripe Connect with Stripe payments). */
  readonly payouts: PayoutGateway;
  /** Membership subscriptions and their charges (built-in over `gateway`, or Stripe Billing with Stripe payments). */
  readonly membershipBilling: MembershipBillingGateway;
  /** The weather at a job's place and hour (the admins' built-in table, or Open-Meteo); asked outside transactions. */
  readonly forecast: ForecastProvider;
  /** OpenID Connect sign-in; discovers its provider on first use, so a server without network starts anyway. */
  readonly oidc: OidcSignIn;
};

/**
 * Everything a service reaches besides its input, built once per app in buildApp (server/app.ts): the database
 * handle, the clock, the configuration, the edges (payment gateway, mailer, live and push delivery of
 * notifications, and the collaborators above), the catalog cache and the money-effect handler. A function that only
 * reads and writes rows takes `db`; one that needs anything more takes this context (or the slice it uses) and reads
 * `ctx.db` from it.
 */
export type AppContext = Collaborators & {
  readonly db: Database;
  readonly clock: Clock;
  readonly config: Config;
  readonly gateway: PaymentGateway;
  readonly mailer: Mailer;
  /** Publishes a stored notification live and hands it to push and email; called only after commit. */
  readonly publishNotification: NotificationPublisher;
  /** Tells open screens that something they show changed (see core/schemas/live-change.ts); after commit only. */
  readonly publishChange: LiveChangePublisher;
  readonly catalogCache: CatalogCache;
  readonly onMoneyEffect: MoneyEffectHandler;
  /** What other rooms do in a booking move's own transaction, in order (server/bookings/booking-moves.ts, decision 045). */
  readonly bookingMoveFollowers: readonly BookingMoveFollower[];
  readonly log: AppLog;
  /** True for a context bound to a transaction (then `db` is the transaction). */
  readonly isInTransaction: boolean;
  /**
   * Runs `effect` once the surrounding transaction commits (at once outside any transaction); a transaction
   * that rolls back drops it. Effects are things the outside world sees: live events, push, email.
   */
  afterCommit(effect: () => void): void;
  /** Runs `work` in a transaction with a context bound to it; its after-commit effects run after the outermost commit. */
  transaction<T>(work: (tx: AppContext) => Promise<T>): Promise<T>;
};

/** What createAppContext binds; the transaction state is its own. */
export type AppContextParts = Omit<AppContext, 'db' | 'isInTransaction' | 'afterCommit' | 'transaction'> & { db: Database };

function bind(parts: AppContextParts, db: Database, queue: (() => void)[] | null): AppContext {
  return {
    ...parts,
    db,
    isInTransaction: queue !== null,
    afterCommit(effect) {
      if (queue) queue.push(effect);
      else effect();
    },
    async transaction(work) {
      const inner: (() => void)[] = [];
      const result = await db.transaction((tx) => work(bind(parts, tx, inner)));
      // Committed (or released to the outer transaction): hand the effects on.
      if (queue) queue.push(...inner);
      else for (const effect of inner) effect();
      return result;
    },
  };
}

/** The root context of an app (or of a test with fakes at its edges). */
export function createAppContext(parts: AppContextParts): AppContext {
  return bind(parts, parts.db, null);
}
