import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { and, asc, count, eq, gt, isNull, max } from 'drizzle-orm';
import { AppError } from '@core/errors.ts';
import { addCalendarDays, mondayOf } from '@core/domain/business-weeks.ts';
import { dateInZone, timeSlotLabels, weekdayOf, zonedTimeToUtc, slotMinuteOfDay, type TimeSlotLabel } from '@core/domain/time-slots.ts';
import { randomInt, seededRandom } from '@core/domain/seeded-random.ts';
import { confirmTestPaymentSchema } from '@core/schemas/payments.ts';
import { createBookingSchema, type VehicleType } from '@core/schemas/booking.ts';
import type { Config } from '../config.ts';
import { createAppContext, type AppContext } from '../context.ts';
import { bookingMoveFollowers, createCollaborators } from '../app.ts';
import { bookings, detailerServices, detailers, notificationDeliveries, notifications, services, users } from '../db/schema.ts';
import type { CatalogWriter } from '../catalog/catalog-admin-service.ts';
import { createBooking } from '../bookings/create-booking.ts';
import { performDetailerAction } from '../bookings/booking-transitions.ts';
import { createPaymentIntent, confirmTestPayment } from '../payments/payment-checkout.ts';
import { applyMoneyEffect } from '../payments/payment-service.ts';
import { TestGateway } from '../payments/gateways/test-gateway.ts';
import { createTip, confirmTipPayment } from '../payments/tip-service.ts';
import { addBookingPhoto, getBookingProof, setChecklistItem } from '../proof/proof-service.ts';
import { createReview } from '../reviews/review-service.ts';
import { publishClosedReviews } from '../reviews/review-reminders-job.ts';
import { payoutAccountOf, savePayoutAccount } from '../business/payout-account-service.ts';
import { testBankAccounts } from '../business/gateways/test-payout-gateway.ts';
import { runPayouts } from '../business/payout-run.ts';
import { syncEarnings } from '../business/earnings-sync.ts';
import { createMailer } from '../notifications/mailer.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { createUpload } from '../uploads/upload-service.ts';
import { createUser, findUserByEmail, type UserRow } from '../identity/user-service.ts';
import { demoAccounts, seedDetailers, seedServices } from './seed-data.ts';

// The demo's past (issue 17): six months of jobs across the seed detailers, walked through the app's own functions
// with a clock moved to each step's moment (booked, paid, accepted, on the way, started, proof, completed, reviewed,
// tipped), weekly payout runs and the earnings sync, then a few upcoming and requested jobs for the demo detailer.
// Demo mode only; deterministic (one seeded PRNG) and once (skipped when the demo detailer has a completed job).

/**
 * The demo customer's neighbours, for reviews and repeat visits; they cannot sign in (no password). The first six
 * are regulars, the others occasional, so the repeat share is a share, not everyone.
 */
const demoCustomers = [
  'Jamie Ortiz',
  'Priya Shah',
  'Marcus Webb',
  'Hannah Cole',
  'Tomás Reyes',
  'Lena Fischer',
  'Noah Kim',
  'Ruth Adams',
  'Diego Santos',
  'Amara Okafor',
  'Ben Carter',
  'Yuki Tanaka',
  'Chloe Martin',
  'Omar Farah',
].map((name) => {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return { name, username: plain.replace(/[^a-z]/g, ''), email: `${plain.replace(' ', '.')}@demo.glossly.app` };
});
const customerWeights = demoCustomers.map((_, index) => (index < 6 ? 4 : 1));

const reviewBodies: Record<number, string[]> = {
  5: [
    'Spotless inside and out. On time and very friendly.',
    'Car looks better than the day I bought it. Booking again next month.',
    'Great attention to detail, even the door jambs were clean.',
    'Fast, careful and left my driveway tidy. Highly recommend.',
    '',
  ],
  4: ['Very good job overall, a few water spots on the mirrors.', 'Arrived a little late but the result was excellent.', ''],
  3: ['Decent wash, but the interior could have been more thorough.', 'Okay result; the wheels still had some brake dust.'],
  2: ['Missed several spots and rushed the job.'],
};

const detailerReviewBodies = [
  'Easy to find and the car was ready for us. Thank you!',
  'Friendly customer, clear instructions.',
  'Great to work with.',
  '',
];

const hour = 3_600_000;
const day = 24 * hour;
/** Six months: the dashboards' longest period. */
const defaultWeeksBack = 26;
const historyZips = [
  { zip: '94105', address: '500 Howard St' },
  { zip: '94103', address: '1355 Market St' },
  { zip: '94107', address: '600 Townsend St' },
];
const card = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', zip: '94105' };
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The demo's draws from one seeded generator: the same sequence on every start, so every demo install tells the same story. */
function prng(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[], weights?: readonly number[]): T => {
    const w = weights ?? items.map(() => 1);
    let roll = next() * w.reduce((a, b) => a + b, 0);
    for (const [index, item] of items.entries()) {
      roll -= w[index]!;
      if (roll < 0) return item;
    }
    return items.at(-1)!;
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  return { next, pick, uuid, chance: (p: number) => next() < p, int: (lo: number, hi: number) => randomInt(next, lo, hi) };
}

/** What every step reaches: the history's context, its movable clock, photo storage, and the seed's zone. */
type Cast = { ctx: AppContext; clock: { at: Date }; storage: ObjectStorage; photos: Map<string, Buffer>; timeZone: string };
type Detailer = { id: number; user: UserRow; offers: { id: number; name: string; durationMinutes: number; image: string }[] };
type Job = { detailer: Detailer; customer: UserRow; serviceId: number; date: string; time: TimeSlotLabel; vehicleType: VehicleType };

/** The service's own stock picture, rasterised once: the 'after' photo of the demo's jobs. */
async function photoOf(cast: Cast, image: string): Promise<Buffer> {
  let photo = cast.photos.get(image);
  if (!photo) {
    const svgPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/public/images/services', `${image}.svg`);
    photo = await sharp(await readFile(svgPath))
      .resize(320)
      .jpeg({ quality: 70 })
      .toBuffer();
    cast.photos.set(image, photo);
  }
  return photo;
}

/** Runs one app call at a moment: `now` for the call and the gateway's clock alike. */
function at<T>(cast: Cast, moment: Date, call: (now: Date) => Promise<T>): Promise<T> {
  cast.clock.at = moment;
  return call(moment);
}

/** Booked, paid with the test card and (when the detailer is quick) accepted: what every job starts with. */
async function bookAndPay(cast: Cast, job: Job, bookedAt: Date, rng: ReturnType<typeof prng>): Promise<number> {
  const { ctx } = cast;
  const place = rng.pick(historyZips);
  const booking = await at(cast, bookedAt, (now) =>
    createBooking(
      ctx,
      job.customer,
      now,
      createBookingSchema.parse({
        detailerId: job.detailer.id,
        serviceId: job.serviceId,
        vehicleType: job.vehicleType,
        date: job.date,
        time: job.time,
        address: place.address,
        city: 'San Francisco',
        zip: place.zip,
      }),
    ),
  );
  const paidAt = new Date(bookedAt.getTime() + 2 * 60_000);
  const intent = await at(cast, paidAt, (now) => createPaymentIntent(ctx, job.customer, now, { bookingId: booking.id, appliedCredits: 0 }));
  await at(cast, paidAt, (now) =>
    confirmTestPayment(ctx, job.customer, now, confirmTestPaymentSchema.parse({ clientSecret: intent.clientSecret, card })),
  );
  return booking.id;
}

/** A past job walked to Completed, with its proof, reviews and maybe a tip. */
async function completeJob(cast: Cast, job: Job, rng: ReturnType<typeof prng>, seedNow: Date): Promise<void> {
  const { ctx } = cast;
  const startsAt = zonedTimeToUtc(job.date, slotMinuteOfDay(job.time), cast.timeZone);
  const bookedAt = new Date(startsAt.getTime() - rng.int(1, 6) * day - rng.int(1, 8) * hour);
  const id = await bookAndPay(cast, job, bookedAt, rng);
  const service = job.detailer.offers.find((offer) => offer.id === job.serviceId)!;
  const detailer = job.detailer.user;
  const move = (moment: Date, action: 'accept' | 'start-route' | 'start' | 'complete') =>
    at(cast, moment, (now) => performDetailerAction(ctx, detailer, now, id, action));
  await move(new Date(bookedAt.getTime() + rng.int(10, 90) * 60_000), 'accept');
  await move(new Date(startsAt.getTime() - 40 * 60_000), 'start-route');
  await move(new Date(startsAt.getTime() - 5 * 60_000), 'start');
  // Proof of service (decision 020): an 'after' photo and every checklist item ticked, as the job ends.
  const proofAt = new Date(startsAt.getTime() + 40 * 60_000);
  const upload = await createUpload(ctx.db, cast.storage, detailer, await photoOf(cast, service.image));
  await at(cast, proofAt, (now) => addBookingPhoto(ctx, detailer, now, id, { uploadId: upload.id, phase: 'after' }));
  for (const item of (await getBookingProof(ctx, detailer, id)).checklist) {
    if (!item.checked) await at(cast, proofAt, (now) => setChecklistItem(ctx, detailer, now, id, item.id, { checked: true }));
  }
  const completedAt = new Date(startsAt.getTime() + 45 * 60_000);
  await move(completedAt, 'complete');

  // Most customers review within a day or two; a happy few tip. Ratings lean high, as real marketplaces' do.
  const rating = rng.pick([5, 4, 3, 2], [70, 22, 6, 2]);
  const customerReviewAt = new Date(completedAt.getTime() + rng.int(2, 40) * hour);
  if (customerReviewAt < seedNow && rng.chance(0.8)) {
    await at(cast, customerReviewAt, (now) =>
      createReview(ctx, job.customer, now, id, { rating, body: rng.pick(reviewBodies[rating] ?? reviewBodies[5]!) }),
    );
  }
  // The detailer's side publishes both at once (blind reviews); without it the window's close publishes later.
  const detailerReviewAt = new Date(completedAt.getTime() + rng.int(1, 30) * hour);
  if (detailerReviewAt < seedNow && rng.chance(0.7)) {
    await at(cast, detailerReviewAt, (now) =>
      createReview(ctx, detailer, now, id, { rating: rng.pick([5, 4], [85, 15]), body: rng.pick(detailerReviewBodies) }),
    );
  }
  const tipAt = new Date(completedAt.getTime() + rng.int(1, 20) * hour);
  if (rating >= 4 && tipAt < seedNow && rng.chance(0.4)) {
    const tip = await at(cast, tipAt, (now) =>
      createTip(ctx, job.customer, now, id, { amountCents: rng.pick([500, 1000, 1500, 2000]), idempotencyKey: rng.uuid() }),
    );
    await at(cast, tipAt, (now) =>
      confirmTipPayment(ctx, job.customer, now, confirmTestPaymentSchema.parse({ clientSecret: tip.clientSecret, card })),
    );
  }
}

/** The demo's customers: the demo customer and a few neighbours who cannot sign in (no password), verified. */
async function historyCustomers(db: CatalogWriter['db']): Promise<{ demo: UserRow; others: UserRow[] } | null> {
  const demo = await findUserByEmail(db, demoAccounts.customer.email);
  if (!demo) return null;
  const others: UserRow[] = [];
  for (const person of demoCustomers) {
    others.push(
      (await findUserByEmail(db, person.email)) ?? (await createUser(db, { ...person, role: 'customer', emailVerifiedAt: new Date() })),
    );
  }
  return { demo, others };
}

async function seedDetailerCast(db: CatalogWriter['db']): Promise<Detailer[]> {
  const cast: Detailer[] = [];
  for (const seed of seedDetailers) {
    const user = await findUserByEmail(db, seed.email);
    if (!user) continue;
    const [profile] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, user.id));
    if (!profile) continue;
    const offered = await db
      .select({ id: services.id, name: services.name, durationMinutes: services.durationMinutes })
      .from(detailerServices)
      .innerJoin(services, eq(services.id, detailerServices.serviceId))
      .where(and(eq(detailerServices.detailerId, profile.id), isNull(services.archivedAt), isNull(services.pausedAt)))
      .orderBy(asc(services.id));
    const offers = offered.map((offer) => ({ ...offer, image: seedServices.find((s) => s.name === offer.name)?.image ?? 'default' }));
    if (offers.length) cast.push({ id: profile.id, user, offers });
  }
  return cast;
}

/** Cheaper services sell more often, as on every marketplace. */
const serviceWeight = (name: string) => {
  const price = seedServices.find((s) => s.name === name)?.priceCents ?? 10_000;
  return price <= 9000 ? 6 : price <= 13_000 ? 4 : price <= 20_000 ? 2.5 : 1;
};

/** The six months of completed jobs, oldest first: 4 to 8 a week, Fridays and Saturdays and mornings busiest. */
function planJobs(
  rng: ReturnType<typeof prng>,
  cast: Detailer[],
  customers: { demo: UserRow; others: UserRow[] },
  seedNow: Date,
  timeZone: string,
  weeksBack: number,
): Job[] {
  const today = dateInZone(seedNow, timeZone);
  const taken = new Set<string>();
  const jobs: Job[] = [];
  const demoDetailer = cast[0]!;
  for (let week = weeksBack; week >= 0; week--) {
    const monday = addCalendarDays(today, -((weekdayOf(today) + 6) % 7) - week * 7);
    const perWeek = rng.int(4, 7);
    for (let n = 0; n < perWeek; n++) {
      const detailer = rng.chance(0.5) ? demoDetailer : rng.pick(cast.slice(1));
      const date = addCalendarDays(monday, rng.pick([0, 1, 2, 3, 4, 5], [1, 1, 1.2, 1.4, 1.8, 2.4]));
      const service = rng.pick(
        detailer.offers,
        detailer.offers.map((offer) => serviceWeight(offer.name)),
      );
      // Slots where the service ends within the seeded hours (9 to 5); mornings are the busiest.
      const slots = timeSlotLabels.filter((label) => slotMinuteOfDay(label) + service.durationMinutes <= 17 * 60);
      const time = rng.pick(
        slots,
        slots.map((label) => (slotMinuteOfDay(label) < 12 * 60 ? 3 : 2)),
      );
      const key = `${detailer.id}-${date}`;
      // One job a day per detailer keeps long services from overlapping; only days already over count.
      if (date >= today || taken.has(key)) continue;
      taken.add(key);
      const customer = rng.chance(0.25) ? customers.demo : rng.pick(customers.others, customerWeights);
      jobs.push({
        detailer,
        customer,
        serviceId: service.id,
        date,
        time,
        vehicleType: rng.pick(['Sedan', 'SUV', 'Truck'] as const, [6, 3, 1]),
      });
    }
  }
  return jobs.sort((a, b) => (a.date === b.date ? slotMinuteOfDay(a.time) - slotMinuteOfDay(b.time) : a.date < b.date ? -1 : 1));
}

/** Upcoming (accepted) and new (requested) jobs for the demo detailer in the next days, at the seeding moment. */
async function upcomingJobs(
  cast: Cast,
  rng: ReturnType<typeof prng>,
  demoDetailer: Detailer,
  customers: { demo: UserRow; others: UserRow[] },
  seedNow: Date,
) {
  const today = dateInZone(seedNow, cast.timeZone);
  const plans = [
    { days: 1, customer: customers.demo, accept: true },
    { days: 2, customer: customers.others[0]!, accept: true },
    { days: 3, customer: customers.others[1]!, accept: false },
    { days: 4, customer: customers.others[2]!, accept: true },
    { days: 5, customer: customers.others[3]!, accept: false },
  ];
  let made = 0;
  for (const plan of plans) {
    let date = addCalendarDays(today, plan.days);
    if (weekdayOf(date) === 0) date = addCalendarDays(date, 1);
    const service = rng.pick(demoDetailer.offers.slice(0, 3));
    const job: Job = {
      detailer: demoDetailer,
      customer: plan.customer,
      serviceId: service.id,
      date,
      time: rng.pick(['10:00 AM', '1:00 PM', '2:00 PM'] as const),
      vehicleType: 'Sedan',
    };
    try {
      // Booked half an hour before the seeding moment (paid 2 minutes later) and accepted 10 minutes before it: each
      // step after the one before, none after the seeding moment (accepting at the moment itself put 'Accepted'
      // before 'Requested' on the timeline).
      const id = await bookAndPay(cast, job, new Date(seedNow.getTime() - 30 * 60_000), rng);
      if (plan.accept)
        await at(cast, new Date(seedNow.getTime() - 10 * 60_000), (now) =>
          performDetailerAction(cast.ctx, demoDetailer.user, now, id, 'accept'),
        );
      made += 1;
    } catch (error) {
      // A slot someone already holds (a database that lived before the demo history) is skipped, not fought over.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return made;
}

export type DemoHistoryOptions = {
  /** The seeding moment (tests pass one); the real time otherwise. */
  now?: Date;
  /** Where the proof photos go; the app's storage (DATA_DIR/objects or S3) by default. */
  storage?: ObjectStorage;
  /** The app's configuration (the caller's: a seed never reads the environment itself); no history without one. */
  config?: Config;
  /** Weeks of past jobs (26 by default); tests of what happens around the history pass a few. */
  weeks?: number;
};

export type DemoHistoryResult = { skipped: boolean; completed: number; upcoming: number; ms: number };

/**
 * Whether the history is still to be written: with the test gateway only (with Stripe configured there is no demo
 * money to invent), and once: the demo detailer's first completed job marks it done (a later start costs this look-up).
 */
export async function isDemoHistoryDue(db: CatalogWriter['db'], config: Pick<Config, 'PAYMENTS_GATEWAY'>): Promise<boolean> {
  if (config.PAYMENTS_GATEWAY !== 'test') return false;
  const [already] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
    .innerJoin(users, eq(users.id, detailers.userId))
    .where(and(eq(users.email, demoAccounts.detailer.email), eq(bookings.status, 'completed')));
  return already!.n === 0;
}

/** Seeds the demo's history once: skipped when the demo detailer already has a completed job (a second start). */
export async function seedDemoHistory(seed: CatalogWriter, options: DemoHistoryOptions = {}): Promise<DemoHistoryResult> {
  const started = performance.now();
  const seedNow = options.now ?? new Date();
  const { db } = seed;
  const done = (skipped: boolean, completed = 0, upcoming = 0) => ({
    skipped,
    completed,
    upcoming,
    ms: Math.round(performance.now() - started),
  });
  if (!options.config || !(await isDemoHistoryDue(db, options.config))) return done(true);
  // The geocoder of the ZIP table only: no network during a start.
  const config = { ...options.config, GEOCODER_URL: undefined };
  const detailerCast = await seedDetailerCast(db);
  const demoDetailer = detailerCast.find((d) => d.user.email === demoAccounts.detailer.email);
  const customers = demoDetailer && (await historyCustomers(db));
  if (!customers || !demoDetailer) return done(true);

  // One transaction: a start that stops half-way leaves no half history, and PGlite commits once, not per step.
  const made = await db.transaction(async (tx) => walkHistory(tx, seed, config, options, seedNow, detailerCast, customers, demoDetailer));
  return done(false, made.completed, made.upcoming);
}

async function walkHistory(
  db: CatalogWriter['db'],
  seed: CatalogWriter,
  config: Config,
  options: DemoHistoryOptions,
  seedNow: Date,
  detailerCast: Detailer[],
  customers: { demo: UserRow; others: UserRow[] },
  demoDetailer: Detailer,
): Promise<{ completed: number; upcoming: number }> {
  const clock = { at: seedNow };
  // Bound to the transaction: PGlite has one connection, and the gateway's rows belong to the same story.
  const gateway = new TestGateway({ db, webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`, now: () => clock.at });
  const ctx = createAppContext({
    db,
    clock: { now: () => clock.at },
    config,
    gateway,
    mailer: createMailer({ from: config.MAIL_FROM, log: quietLog, clock: { now: () => clock.at } }),
    // Nobody is connected during a start; the notices of these past moves are removed below.
    publishNotification: () => undefined,
    publishChange: () => undefined,
    catalogCache: seed.catalogCache,
    onMoneyEffect: applyMoneyEffect,
    bookingMoveFollowers,
    log: quietLog,
    // The seed runs before the app exists: its context has collaborators of its own, chosen as the app's are.
    ...createCollaborators(config, { db, gateway, log: quietLog }, options.storage ? { storage: options.storage } : {}),
  });
  const cast: Cast = { ctx, clock, storage: ctx.storage, photos: new Map(), timeZone: 'America/Los_Angeles' };
  const rng = prng(17);
  const [{ lastNotice }] = (await db.select({ lastNotice: max(notifications.id) }).from(notifications)) as [{ lastNotice: number | null }];
  const [{ lastDelivery }] = (await db.select({ lastDelivery: max(notificationDeliveries.id) }).from(notificationDeliveries)) as [
    { lastDelivery: number | null },
  ];

  const weeksBack = options.weeks ?? defaultWeeksBack;
  const jobs = planJobs(rng, detailerCast, customers, seedNow, cast.timeZone, weeksBack);
  const accountOpened = new Date(seedNow.getTime() - (weeksBack + 2) * 7 * day);
  for (const detailer of detailerCast) {
    // An account the detailer set up themselves stays.
    if (await payoutAccountOf(db, detailer.id)) continue;
    await at(cast, accountOpened, (now) =>
      savePayoutAccount(ctx, detailer.user, now, {
        accountHolderName: detailer.user.name,
        routingNumber: '110000000',
        accountNumber: testBankAccounts.success,
      }),
    );
  }
  // Payouts run on Monday mornings between the jobs, so each week's earnings are paid the Monday after.
  const firstDate = jobs[0]?.date ?? dateInZone(seedNow, cast.timeZone);
  let nextPayout = zonedTimeToUtc(addCalendarDays(mondayOf(firstDate), 7), 10 * 60, cast.timeZone);
  const payDay = async (moment: Date) => {
    await at(cast, moment, (now) => runPayouts(ctx, now, { force: true }));
    await at(cast, moment, (now) => publishClosedReviews(ctx, now));
  };
  let completed = 0;
  for (const job of jobs) {
    const startsAt = zonedTimeToUtc(job.date, slotMinuteOfDay(job.time), cast.timeZone);
    while (nextPayout < startsAt && nextPayout < seedNow) {
      await payDay(nextPayout);
      nextPayout = new Date(nextPayout.getTime() + 7 * day);
    }
    try {
      await completeJob(cast, job, rng, seedNow);
      completed += 1;
    } catch (error) {
      // A slot an older database already holds is skipped: the story has gaps, the start does not fail.
      if (!(error instanceof AppError)) throw error;
    }
  }
  while (nextPayout < seedNow) {
    await payDay(nextPayout);
    nextPayout = new Date(nextPayout.getTime() + 7 * day);
  }
  // What the scheduler's first passes would do at start: this week's earnings synced, closed review windows published.
  await at(cast, seedNow, (now) => syncEarnings(db, now));
  await at(cast, seedNow, (now) => publishClosedReviews(ctx, now));
  // The notices of moves made in the past would all read 'now' and unread; the history is shown by its records.
  await db.delete(notifications).where(gt(notifications.id, lastNotice ?? 0));

  const upcoming = await upcomingJobs(cast, rng, demoDetailer, customers, seedNow);
  // Nothing of the story is pushed or emailed (nobody is connected during a start): the outbox rows written with its
  // notices (decision 040) go, those of the upcoming jobs too.
  await db.delete(notificationDeliveries).where(gt(notificationDeliveries.id, lastDelivery ?? 0));
  return { completed, upcoming };
}
