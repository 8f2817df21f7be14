import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { detailers, serviceCategories, services } from './catalog.ts';
import { createdAt } from './columns.ts';
import { savedAddresses, vehicles } from './garage.ts';

/** A membership plan admins sell (decision 022): a monthly price, visits it covers, a discount on everything else. */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    /** Visits per month the plan covers in full, of services in its categories (membership_plan_categories). */
    includedVisitsPerMonth: integer('included_visits_per_month').notNull(),
    /** Off every other service's price, in basis points (1000 = 10 %). */
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    /**
     * The most a covered visit may cost (the service's price plus the car's surcharge): detailers set their own prices,
     * and Glossly pays them for covered visits, so without a limit a $49 plan could fund a $5,000 visit.
     */
    coveredPriceLimitCents: integer('covered_price_limit_cents').notNull().default(15000),
    perks: text('perks').notNull().default(''),
    /** A retired plan is no longer sold; its members keep it until they leave. */
    status: text('status', { enum: ['active', 'retired'] })
      .notNull()
      .default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Stripe's recurring Price id once created, when Stripe is the gateway. */
    stripePriceRef: text('stripe_price_ref'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('membership_plans_name_unique').on(sql`lower(${t.name})`),
    check('membership_plans_price_positive', sql`${t.monthlyPriceCents} > 0`),
    check('membership_plans_visits_range', sql`${t.includedVisitsPerMonth} between 0 and 8`),
    check('membership_plans_discount_range', sql`${t.discountBasisPoints} between 0 and 5000`),
    check('membership_plans_covered_price_limit_range', sql`${t.coveredPriceLimitCents} between 100 and 100000`),
    check('membership_plans_status_known', sql`${t.status} in ('active', 'retired')`),
  ],
);

/** Which service categories a plan's included visits cover. */
export const membershipPlanCategories = pgTable(
  'membership_plan_categories',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => membershipPlans.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => serviceCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.categoryId] })],
);

export const membershipStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const;

/** A customer's membership of a plan. At most one that is not canceled per customer (the partial unique index). */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    status: text('status', { enum: membershipStatuses }).notNull().default('incomplete'),
    gateway: text('gateway', { enum: ['test', 'stripe'] }).notNull(),
    /** Stripe's subscription id; the built-in gateway's own reference otherwise. */
    gatewayRef: text('gateway_ref'),
    /** The saved card (gateway payment method) renewals charge. */
    paymentMethodRef: text('payment_method_ref'),
    /** The day of the month renewals fall on (the first charge's day; a shorter month uses its last day). */
    billingDay: integer('billing_day').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** A downgrade waiting for the period's end: the renewal moves the membership to this plan and bills it. */
    nextPlanId: integer('next_plan_id').references(() => membershipPlans.id),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Failed renewal attempts of the current period (retries on days 1, 3 and 5, then canceled). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_one_live_per_customer')
      .on(t.customerId)
      .where(sql`${t.status} <> 'canceled'`),
    uniqueIndex('memberships_gateway_ref_unique').on(t.gatewayRef),
    index('memberships_status_period_end_idx').on(t.status, t.currentPeriodEnd),
    check('memberships_status_known', sql`${t.status} in ('incomplete', 'active', 'past_due', 'canceled')`),
    check('memberships_billing_day_range', sql`${t.billingDay} between 1 and 31`),
    check('memberships_period_order', sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
    check('memberships_failed_attempts_range', sql`${t.failedAttempts} between 0 and 4`),
    check('memberships_canceled_at_when_canceled', sql`(${t.status} = 'canceled') = (${t.canceledAt} is not null)`),
  ],
);

/** A membership's billing history: one row per period and kind (the unique index bills a period once). */
export const membershipInvoices = pgTable(
  'membership_invoices',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['first', 'renewal', 'proration'] }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['open', 'paid', 'failed'] })
      .notNull()
      .default('open'),
    attempts: integer('attempts').notNull().default(0),
    /** The gateway's invoice or payment id. */
    gatewayRef: text('gateway_ref'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    /**
     * When a renewal pass took this invoice's current attempt to charge it. One still open long after was left by a
     * pass that stopped before it finished (a crash, a deploy): the next pass takes it again (renewal-job.ts).
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('membership_invoices_one_per_period')
      .on(t.membershipId, t.kind, t.periodStart)
      .where(sql`${t.kind} <> 'proration'`),
    uniqueIndex('membership_invoices_gateway_ref_unique').on(t.gatewayRef),
    index('membership_invoices_membership_id_idx').on(t.membershipId, t.id),
    check('membership_invoices_amount_non_negative', sql`${t.amountCents} >= 0`),
    check('membership_invoices_status_known', sql`${t.status} in ('open', 'paid', 'failed')`),
    check('membership_invoices_paid_at_when_paid', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
);

/** The rhythm a member's visits book themselves by (★): every 2 or 4 weeks, one detailer, a day and window. */
export const membershipSchedules = pgTable(
  'membership_schedules',
  {
    membershipId: integer('membership_id')
      .primaryKey()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    everyWeeks: integer('every_weeks').notNull(),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    /** 0 = Sunday, in the detailer's time zone. */
    weekday: integer('weekday').notNull(),
    timeWindow: text('time_window', { enum: ['morning', 'afternoon', 'evening'] }).notNull(),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    savedAddressId: integer('saved_address_id').references(() => savedAddresses.id, { onDelete: 'set null' }),
    /** The next visit's date (YYYY-MM-DD) in the rhythm; the scheduler books it 7 days ahead. */
    nextVisitOn: text('next_visit_on').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('membership_schedules_every_weeks', sql`${t.everyWeeks} in (2, 4)`),
    check('membership_schedules_weekday_range', sql`${t.weekday} between 0 and 6`),
    check('membership_schedules_window_known', sql`${t.timeWindow} in ('morning', 'afternoon', 'evening')`),
    check('membership_schedules_next_visit_format', sql`${t.nextVisitOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/** One visit of the rhythm: the unique (membership, due date) books it once, whatever runs the scheduler. */
export const membershipVisits = pgTable(
  'membership_visits',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** The rhythm's date for this visit (YYYY-MM-DD); a moved visit keeps it, its booking has the new time. */
    dueOn: text('due_on').notNull(),
    status: text('status', { enum: ['booked', 'needs_confirmation', 'skipped', 'unfilled'] }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('membership_visits_once_per_due_date').on(t.membershipId, t.dueOn),
    uniqueIndex('membership_visits_booking_unique').on(t.bookingId),
    check('membership_visits_due_on_format', sql`${t.dueOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check('membership_visits_status_known', sql`${t.status} in ('booked', 'needs_confirmation', 'skipped', 'unfilled')`),
  ],
);

/** A friend who registered with someone's referral code: one referrer per friend, never oneself. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id),
    friendUserId: integer('friend_user_id')
      .notNull()
      .references(() => users.id),
    /** The friend's first booking once made; the referrer's reward waits for it to be completed. */
    firstBookingId: integer('first_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referrals_friend_unique').on(t.friendUserId),
    index('referrals_referrer_idx').on(t.referrerUserId, t.id),
    check('referrals_not_self', sql`${t.referrerUserId} <> ${t.friendUserId}`),
  ],
);

/**
 * Every credit given (decision 022): users.referral_credits_cents is the balance, this is why. The unique
 * (referral, reason) grants each referral's welcome and reward once, however many completions race.
 */
export const creditGrants = pgTable(
  'credit_grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: ['referral_welcome', 'referral_reward'] }).notNull(),
    referralId: integer('referral_id').references(() => referrals.id),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_grants_once_per_referral').on(t.referralId, t.reason),
    index('credit_grants_user_id_idx').on(t.userId, t.id),
    check('credit_grants_amount_positive', sql`${t.amountCents} > 0`),
    check('credit_grants_reason_known', sql`${t.reason} in ('referral_welcome', 'referral_reward')`),
  ],
);

/**
 * A detailer and a member who completed covered visits unusually often (decision 043): more in 30 days than the
 * member's plan includes a month. Admins are told once per pair per month (`period`, YYYY-MM, platform time zone).
 */
export const coveredVisitFlags = pgTable(
  'covered_visit_flags',
  {
    id: serial('id').primaryKey(),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    visitCount: integer('visit_count').notNull(),
    includedVisitsPerMonth: integer('included_visits_per_month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('covered_visit_flags_once_per_period').on(t.detailerId, t.customerId, t.period),
    check('covered_visit_flags_period_format', sql`${t.period} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);
