import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bookingPrice } from '@core/domain/pricing.ts';
import { bookingEvents, bookings, detailers, services } from '../../server/db/schema.ts';
import { createUser, type NewUser } from '../../server/identity/user-service.ts';
import {
  ensureDetailerProfile,
  ensureService,
  ensureServiceCategory,
  type CatalogWriter,
  type ServiceInput,
} from '../../server/catalog/catalog-admin-service.ts';
import { ensureDefaultAvailability } from '../../server/bookings/own-availability-service.ts';

// Test data with unique values, through the same domain functions the app and the seed use. Each takes the
// app's context (`t.ctx`): catalog writes clear the app's catalog cache as the app's own writes do.
type TestData = CatalogWriter;

export const testPassword = 'correct-horse-battery';

const unique = () => randomBytes(4).toString('hex');

export async function createCustomer(ctx: TestData, overrides: Partial<NewUser> = {}) {
  const id = unique();
  return createUser(ctx.db, {
    email: `customer-${id}@example.com`,
    username: `customer${id}`,
    name: `Casey Customer ${id}`,
    role: 'customer',
    password: testPassword,
    // Factory accounts have confirmed their address, as most real ones have; pass null for one that has not.
    emailVerifiedAt: new Date(),
    ...overrides,
  });
}

export async function createAdmin(ctx: TestData, overrides: Partial<NewUser> = {}) {
  return createCustomer(ctx, { role: 'admin', ...overrides });
}

export async function createCategory(ctx: TestData, name = `Category ${unique()}`) {
  return ensureServiceCategory(ctx, name);
}

/** A detailer account with its profile and one service it lists and offers. */
export async function createDetailer(
  ctx: TestData,
  overrides: { user?: Partial<NewUser>; service?: Partial<ServiceInput>; businessName?: string; timeZone?: string } = {},
) {
  const id = unique();
  const user = await createUser(ctx.db, {
    email: `detailer-${id}@example.com`,
    username: `detailer${id}`,
    name: `Dana Detailer ${id}`,
    role: 'detailer',
    password: testPassword,
    emailVerifiedAt: new Date(),
    ...overrides.user,
  });
  const detailerId = await ensureDetailerProfile(ctx, user.id, {
    businessName: overrides.businessName ?? `Detailing ${id}`,
    description: 'Test detailer',
    avatarUrl: null,
    rating: 4.5,
    reviewCount: 10,
    serviceLabels: ['Exterior'],
    timeZone: overrides.timeZone ?? 'America/Los_Angeles',
    baseLatitude: 37.78,
    baseLongitude: -122.41,
  });
  // The seed's hours: Monday to Saturday, 9 AM to 5 PM.
  await ensureDefaultAvailability(ctx.db, detailerId);
  const categoryId = overrides.service?.categoryId ?? (await createCategory(ctx));
  const serviceId = await ensureService(ctx, detailerId, {
    name: `Wash ${id}`,
    description: 'A test wash',
    priceCents: 5900,
    durationMinutes: 45,
    imageUrl: null,
    ...overrides.service,
    categoryId,
  });
  return { user, detailerId, serviceId, categoryId };
}

/**
 * A detailer whose profile an admin has not approved (decision 021): everything createDetailer makes, but not listed
 * to customers. Onboarding tests clear the other steps' data themselves.
 */
export async function createUnapprovedDetailer(ctx: TestData, overrides: Parameters<typeof createDetailer>[1] = {}) {
  const made = await createDetailer(ctx, overrides);
  await ctx.db.update(detailers).set({ approvedAt: null }).where(eq(detailers.id, made.detailerId));
  ctx.catalogCache.clear();
  return made;
}

/**
 * A booking row written straight to the database (no availability check), with the catalog's amounts.
 * Give status to start it anywhere in the lifecycle; a status past pending_payment records that it was requested.
 */
export async function createBooking(
  ctx: TestData,
  overrides: Partial<typeof bookings.$inferInsert> & { customerId: number; detailerId: number; serviceId: number },
) {
  const startsAt = overrides.startsAt ?? new Date('2026-12-01T17:00:00Z');
  const { db } = ctx;
  const [service] = await db.select().from(services).where(eq(services.id, overrides.serviceId));
  const durationMinutes = service?.durationMinutes ?? 60;
  const status = overrides.status ?? 'pending_payment';
  const [row] = await db
    .insert(bookings)
    .values({
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000),
      vehicleType: 'Sedan',
      address: '1 Market St',
      city: 'San Francisco',
      zip: '94105',
      // The catalog's amounts; a test that gives a surcharge gets a total that adds it up (bookings_total_is_sum).
      ...bookingPrice(service?.priceCents ?? 5900, overrides.vehicleSurchargeCents ?? 0),
      holdExpiresAt: status === 'pending_payment' ? startsAt : null,
      ...overrides,
    })
    .returning();
  await db.insert(bookingEvents).values({ bookingId: row!.id, action: 'create', toStatus: 'pending_payment' });
  if (!['pending_payment', 'abandoned'].includes(status)) {
    await db
      .insert(bookingEvents)
      .values({ bookingId: row!.id, action: 'authorize', fromStatus: 'pending_payment', toStatus: 'requested' });
  }
  return row!;
}

/**
 * The body of POST /api/bookings: a detailer's service for a sedan at 1 Market St, San Francisco 94105 (the factory
 * detailer's area), on `date` at `time`; `extra` adds or replaces fields.
 */
export function bookingRequest(
  service: { detailerId: number; serviceId: number },
  date: string,
  time: string,
  extra: Record<string, unknown> = {},
) {
  return {
    detailerId: service.detailerId,
    serviceId: service.serviceId,
    vehicleType: 'Sedan',
    date,
    time,
    address: '1 Market St',
    city: 'San Francisco',
    zip: '94105',
    ...extra,
  };
}

let registrations = 0;

/** The body of POST /api/auth/register for a new, unique customer. */
export function registrationPayload(overrides: Record<string, unknown> = {}) {
  registrations += 1;
  const id = `${Date.now().toString(36)}${registrations}`;
  return {
    name: 'Riley Register',
    username: `riley${id}`,
    email: `riley-${id}@example.com`,
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    role: 'customer',
    ...overrides,
  };
}
