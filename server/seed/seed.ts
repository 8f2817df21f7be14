import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings, detailers, users } from '../db/schema.ts';
import { zipTableGeocoder } from '../geo/geocoder.ts';
import { categoryNames, demoAccounts, demoPassword, seedDetailers, seedServices } from './seed-data.ts';
import { seedMembershipPlans } from '../memberships/seed-plans.ts';
import { createUser, findUserByEmail, type NewUser } from '../identity/user-service.ts';
import {
  ensureDetailerProfile,
  ensureService,
  ensureServiceCategory,
  offerService,
  setServiceSurcharges,
  type CatalogWriter,
} from '../catalog/catalog-admin-service.ts';
import { ensureDefaultAvailability } from '../bookings/own-availability-service.ts';
import { endAllSessions } from '../identity/session-service.ts';
import type { Config } from '../config.ts';
import { seedDemoHistory } from './demo-history.ts';

async function ensureUser(db: Database, input: NewUser) {
  return (await findUserByEmail(db, input.email)) ?? (await createUser(db, input));
}

/** What a start may seed: demo accounts (published password) only in demo mode; the catalog when asked for. */
export type SeedOptions = {
  /**
   * The demo customer and admin, and every seed detailer, with the published password `glossly-demo`. Absent means
   * on, for the tests and the benchmark; main.ts always passes config.DEMO_MODE.
   */
  demoMode?: boolean;
  /** Categories, services and the detailers' profiles; without demo mode their accounts get no password. */
  catalog?: boolean;
  /** Run even when the database looks seeded already (tests). */
  force?: boolean;
  /**
   * Six months of past jobs, reviews, tips and payouts (server/seed/demo-history.ts), in demo mode only, with the
   * app's configuration (main.ts passes its own): without one there is no history, so tests seeding the catalog with
   * the defaults get none. `history: false` leaves it out even then.
   */
  config?: Config;
  history?: boolean;
};

/** True once every seed detailer exists (with a password in demo mode): later starts skip the many look-ups. */
async function isSeeded(db: Database, demoMode: boolean): Promise<boolean> {
  const lastDetailer = seedDetailers.at(-1)!;
  const user = await findUserByEmail(db, lastDetailer.email);
  if (!user || (demoMode && !user.passwordHash)) return false;
  const [profile] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, user.id));
  return profile !== undefined;
}

/** A database seeded in demo mode and then started without it keeps no account with the published password. */
async function retireDemoPasswords(db: Database): Promise<void> {
  const emails = [...Object.values(demoAccounts), ...seedDetailers].map((account) => account.email.toLowerCase());
  const retired = await db
    .update(users)
    .set({ passwordHash: null })
    .where(and(inArray(sql`lower(${users.email})`, emails), isNotNull(users.passwordHash)))
    .returning({ id: users.id });
  for (const { id } of retired) await endAllSessions(db, id);
}

/**
 * The seed detailers' vehicle and base, where missing (a database seeded before these existed). Never overwrites what
 * a detailer set themselves; the radius has a default, so it is only given to new profiles.
 */
async function fillSeedDetailersLocation(db: Database): Promise<void> {
  for (const seed of seedDetailers) {
    const ofSeedUser = eq(
      detailers.userId,
      sql`(select ${users.id} from ${users} where lower(${users.email}) = ${seed.email.toLowerCase()})`,
    );
    await db
      .update(detailers)
      .set({ vehicleDescription: seed.vehicle })
      .where(and(ofSeedUser, eq(detailers.vehicleDescription, '')));
    await db
      .update(detailers)
      .set({ baseLatitude: seed.latitude, baseLongitude: seed.longitude })
      .where(and(ofSeedUser, isNull(detailers.baseLatitude)));
  }
}

/** Bookings made before jobs were located get their ZIP code's centre (the offline table: no network at start-up). */
async function fillBookingLocations(db: Database): Promise<void> {
  const unlocated = await db.selectDistinct({ zip: bookings.zip }).from(bookings).where(isNull(bookings.latitude));
  for (const { zip } of unlocated) {
    const place = await zipTableGeocoder.locateZip(zip);
    if (place)
      await db
        .update(bookings)
        .set(place)
        .where(and(eq(bookings.zip, zip), isNull(bookings.latitude)));
  }
}

/**
 * Fills an empty database; running it again changes nothing. Demo mode seeds the catalog and the demo accounts,
 * all able to sign in with the published password and verified; outside demo mode only the catalog, if asked
 * for, whose detailer accounts have no password (nobody can sign in as them until an admin hands them over
 * through a password reset), and nothing at all otherwise.
 */
export async function seedDatabase(ctx: CatalogWriter, options: SeedOptions = {}): Promise<void> {
  const { db } = ctx;
  const { demoMode = true, catalog = demoMode } = options;
  const history = demoMode && options.config !== undefined && options.history !== false;
  const seedHistory = () => seedDemoHistory(ctx, { config: options.config });
  if (!demoMode) await retireDemoPasswords(db);
  if (!demoMode && !catalog) return;
  // Databases seeded before tracking existed get what it needs; run before the shortcut below, which skips them.
  await fillSeedDetailersLocation(db);
  await fillBookingLocations(db);
  if (!options.force && (await isSeeded(db, demoMode))) {
    // A database seeded before the demo history existed gets it once too (it skips itself when done).
    if (demoMode) await seedMembershipPlans(db);
    if (history) await seedHistory();
    return;
  }
  const categoryIds = new Map<string, number>();
  for (const name of categoryNames) categoryIds.set(name, await ensureServiceCategory(ctx, name));
  if (demoMode) await seedMembershipPlans(db);

  // Demo accounts are created verified: the published address is ours, and demo mode must show every role.
  const account = (input: Omit<NewUser, 'password' | 'emailVerifiedAt'>): NewUser =>
    demoMode ? { ...input, password: demoPassword, emailVerifiedAt: new Date() } : input;
  if (demoMode) {
    await ensureUser(db, account({ ...demoAccounts.customer, role: 'customer' }));
    await ensureUser(db, account({ ...demoAccounts.admin, role: 'admin' }));
  }

  const serviceIds = new Map<string, number>();
  for (const [index, seed] of seedDetailers.entries()) {
    const user = await ensureUser(db, account({ email: seed.email, username: seed.username, name: seed.name, role: 'detailer' }));
    const detailerId = await ensureDetailerProfile(ctx, user.id, {
      businessName: seed.businessName,
      description: seed.description,
      avatarUrl: `/images/detailers/avatar-${seed.avatar}.svg`,
      rating: seed.rating,
      reviewCount: seed.reviewCount,
      serviceLabels: seed.labels,
      timeZone: 'America/Los_Angeles',
      baseLatitude: seed.latitude,
      baseLongitude: seed.longitude,
      serviceRadiusMiles: seed.radiusMiles,
      vehicleDescription: seed.vehicle,
      instantBooking: seed.instantBooking ?? false,
    });
    await ensureDefaultAvailability(db, detailerId);
    // The first detailer lists the catalog; the others offer services from it.
    for (const key of seed.offers) {
      const service = seedServices.find((s) => s.key === key)!;
      if (index === 0) {
        serviceIds.set(
          key,
          await ensureService(ctx, detailerId, {
            name: service.name,
            description: service.description,
            categoryId: categoryIds.get(service.category)!,
            priceCents: service.priceCents,
            durationMinutes: service.durationMinutes,
            imageUrl: `/images/services/${service.image}.svg`,
            checklist: service.checklist,
          }),
        );
        if (service.surcharges) await setServiceSurcharges(ctx, serviceIds.get(key)!, service.surcharges);
      } else {
        await offerService(ctx, detailerId, serviceIds.get(key)!);
      }
    }
  }
  if (history) await seedHistory();
}
