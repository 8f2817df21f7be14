import { and, desc, eq, ne } from 'drizzle-orm';
import { badRequest, notFound } from '@core/errors.ts';
import { placeAptMaxLength, type SavedAddress, type SavedAddressInput, type UpdateSavedAddressInput } from '@core/schemas/address.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { savedAddresses, users } from '../db/schema.ts';
import { locateZipOrRefuse, type GeocodedPlace } from '../geo/geocoder.ts';
import { requireRole, type Actor } from '../identity/access.ts';

// Saved places (decision 019). Customers only; another customer's place answers the same 404 as a missing one.
// Default rules: the first place is the default; deleting the default promotes the newest place left; a switch
// clears the old default before setting the new one, in one transaction (the partial unique index
// saved_addresses_one_default allows one default per customer at every moment).

type SavedAddressRow = typeof savedAddresses.$inferSelect;
const placeNotFound = () => notFound('Place not found');

export function toSavedAddress(row: SavedAddressRow): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    address: row.address,
    apt: row.apt,
    city: row.city,
    zip: row.zip,
    accessNotes: row.accessNotes,
    latitude: row.latitude,
    longitude: row.longitude,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customer's row locked: their place writes run one after the other, so two first places cannot both be default. */
async function lockCustomer(tx: Database, customerId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
}

async function ownPlace(db: Database, customerId: number, id: number): Promise<SavedAddressRow> {
  const [row] = await db
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.customerId, customerId)));
  if (!row) throw placeNotFound();
  return row;
}

const locate = (ctx: AppContext, zip: string) => locateZipOrRefuse(ctx.geocoder, zip);

export type NewPlace = { label: string; address: string; apt?: string; city: string; zip: string; accessNotes?: string };

/**
 * Adds a place inside the caller's transaction, the default when it is the customer's first. Used by POST
 * /api/addresses and by a booking made with saveAddress (its place already located, so no second lookup).
 */
export async function insertPlace(tx: Database, customerId: number, place: NewPlace, located: GeocodedPlace, now: Date) {
  await lockCustomer(tx, customerId);
  const [existing] = await tx
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(eq(savedAddresses.customerId, customerId))
    .limit(1);
  const [row] = await tx
    .insert(savedAddresses)
    .values({
      customerId,
      label: place.label,
      address: place.address,
      apt: place.apt ?? '',
      city: place.city,
      zip: place.zip,
      accessNotes: place.accessNotes ?? '',
      latitude: located.latitude,
      longitude: located.longitude,
      isDefault: existing === undefined,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** GET /api/addresses: the default first, then the newest. */
export async function listPlaces(ctx: AppContext, actor: Actor): Promise<SavedAddress[]> {
  const customer = requireRole(actor, 'customer');
  const rows = await ctx.db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.customerId, customer.id))
    .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt), desc(savedAddresses.id));
  return rows.map(toSavedAddress);
}

/** POST /api/addresses: located through the geocoder first (an unknown ZIP is a 400 on zip), outside the transaction. */
export async function createPlace(ctx: AppContext, actor: Actor, now: Date, input: SavedAddressInput): Promise<SavedAddress> {
  const customer = requireRole(actor, 'customer');
  const located = await locate(ctx, input.zip);
  const row = await ctx.db.transaction((tx) => insertPlace(tx, customer.id, input, located, now));
  return toSavedAddress(row);
}

/** PATCH /api/addresses/:id: a new ZIP is located again. */
export async function updatePlace(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  input: UpdateSavedAddressInput,
): Promise<SavedAddress> {
  const customer = requireRole(actor, 'customer');
  await ownPlace(ctx.db, customer.id, id);
  const located = input.zip === undefined ? undefined : await locate(ctx, input.zip);
  const [row] = await ctx.db
    .update(savedAddresses)
    .set({ ...input, ...located, updatedAt: now })
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.customerId, customer.id)))
    .returning();
  if (!row) throw placeNotFound();
  return toSavedAddress(row);
}

/** DELETE /api/addresses/:id: when the default goes, the newest place left becomes the default. */
export async function deletePlace(ctx: AppContext, actor: Actor, now: Date, id: number): Promise<{ deleted: true }> {
  const customer = requireRole(actor, 'customer');
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    const [deleted] = await tx
      .delete(savedAddresses)
      .where(and(eq(savedAddresses.id, id), eq(savedAddresses.customerId, customer.id)))
      .returning({ isDefault: savedAddresses.isDefault });
    if (!deleted) throw placeNotFound();
    if (!deleted.isDefault) return;
    const [newest] = await tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.customerId, customer.id))
      .orderBy(desc(savedAddresses.createdAt), desc(savedAddresses.id))
      .limit(1);
    if (newest) await tx.update(savedAddresses).set({ isDefault: true, updatedAt: now }).where(eq(savedAddresses.id, newest.id));
  });
  return { deleted: true };
}

/** POST /api/addresses/:id/default: the old default is cleared first, then this one set, in one transaction. */
export async function setDefaultPlace(ctx: AppContext, actor: Actor, now: Date, id: number): Promise<SavedAddress> {
  const customer = requireRole(actor, 'customer');
  const row = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    await ownPlace(tx, customer.id, id);
    await tx
      .update(savedAddresses)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(savedAddresses.customerId, customer.id), eq(savedAddresses.isDefault, true), ne(savedAddresses.id, id)));
    const [updated] = await tx.update(savedAddresses).set({ isDefault: true, updatedAt: now }).where(eq(savedAddresses.id, id)).returning();
    return updated!;
  });
  return toSavedAddress(row);
}

/**
 * A booking's saveAddress: the typed address joins the customer's places, inside the booking's transaction (a
 * refused booking saves nothing). Its apartment must fit a place's shorter field; `located` is the booking's lookup.
 */
export async function saveBookedPlace(
  tx: Database,
  customerId: number,
  label: string,
  booking: Omit<NewPlace, 'label'>,
  located: GeocodedPlace,
  now: Date,
) {
  if ((booking.apt?.length ?? 0) > placeAptMaxLength) {
    const message = `Apartment/Suite/Unit must be at most ${placeAptMaxLength} characters to save this place`;
    throw badRequest(message, { apt: message });
  }
  return insertPlace(tx, customerId, { ...booking, label }, located, now);
}
