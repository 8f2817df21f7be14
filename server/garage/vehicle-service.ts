import { and, desc, eq, ne } from 'drizzle-orm';
import { badRequest, notFound } from '@core/errors.ts';
import type { BookedVehicleDetails } from '@core/schemas/booking.ts';
import type { Vehicle, VehicleInput, VehicleUpdate } from '@core/schemas/vehicle.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { users, vehicles } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { requireOwnUpload } from '../uploads/upload-service.ts';

// My Cars (decision 019). Customers only; another customer's car answers the same 404 as a missing one.
// Default rules: the first car is the default; deleting the default promotes the newest car left; a switch clears
// the old default before setting the new one, in one transaction (the partial unique index vehicles_one_default
// allows one default per customer at every moment).

type VehicleRow = typeof vehicles.$inferSelect;
const carNotFound = () => notFound('Car not found');

export function toVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    color: row.color,
    licensePlate: row.licensePlate,
    vehicleType: row.vehicleType,
    nickname: row.nickname,
    photoUploadId: row.photoUploadId,
    photoUrl: row.photoUploadId === null ? null : `/api/uploads/${row.photoUploadId}`,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customer's row locked: their car writes run one after the other, so two first cars cannot both be default. */
async function lockCustomer(tx: Database, customerId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
}

async function ownCar(db: Database, customerId: number, id: number): Promise<VehicleRow> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.customerId, customerId)));
  if (!row) throw carNotFound();
  return row;
}

/** A photo must be the caller's own upload: nobody shows someone else's image as their car. */
async function checkPhoto(db: Database, customerId: number, photoUploadId: number | null | undefined) {
  if (photoUploadId !== null && photoUploadId !== undefined) await requireOwnUpload(db, customerId, photoUploadId, 'photoUploadId');
}

/** GET /api/vehicles: the default first, then the newest. */
export async function listVehicles(ctx: AppContext, actor: Actor): Promise<Vehicle[]> {
  const customer = requireRole(actor, 'customer');
  const rows = await ctx.db
    .select()
    .from(vehicles)
    .where(eq(vehicles.customerId, customer.id))
    .orderBy(desc(vehicles.isDefault), desc(vehicles.createdAt), desc(vehicles.id));
  return rows.map(toVehicle);
}

/** POST /api/vehicles: the customer's first car becomes the default. */
export async function createVehicle(ctx: AppContext, actor: Actor, now: Date, input: VehicleInput): Promise<Vehicle> {
  const customer = requireRole(actor, 'customer');
  await checkPhoto(ctx.db, customer.id, input.photoUploadId);
  const row = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    const [existing] = await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.customerId, customer.id)).limit(1);
    const [inserted] = await tx
      .insert(vehicles)
      .values({
        customerId: customer.id,
        make: input.make,
        model: input.model,
        year: input.year,
        color: input.color ?? '',
        licensePlate: input.licensePlate ?? '',
        vehicleType: input.vehicleType,
        nickname: input.nickname ?? '',
        photoUploadId: input.photoUploadId ?? null,
        isDefault: existing === undefined,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return toVehicle(row);
}

/** PATCH /api/vehicles/:id: only the fields sent change. Bookings made with the car keep their copy. */
export async function updateVehicle(ctx: AppContext, actor: Actor, now: Date, id: number, input: VehicleUpdate): Promise<Vehicle> {
  const customer = requireRole(actor, 'customer');
  await ownCar(ctx.db, customer.id, id);
  await checkPhoto(ctx.db, customer.id, input.photoUploadId);
  const [row] = await ctx.db
    .update(vehicles)
    .set({ ...input, updatedAt: now })
    .where(and(eq(vehicles.id, id), eq(vehicles.customerId, customer.id)))
    .returning();
  if (!row) throw carNotFound();
  return toVehicle(row);
}

/** DELETE /api/vehicles/:id: when the default goes, the newest car left becomes the default. */
export async function deleteVehicle(ctx: AppContext, actor: Actor, now: Date, id: number): Promise<{ deleted: true }> {
  const customer = requireRole(actor, 'customer');
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    const [deleted] = await tx
      .delete(vehicles)
      .where(and(eq(vehicles.id, id), eq(vehicles.customerId, customer.id)))
      .returning({ isDefault: vehicles.isDefault });
    if (!deleted) throw carNotFound();
    if (!deleted.isDefault) return;
    const [newest] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.customerId, customer.id))
      .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
      .limit(1);
    if (newest) await tx.update(vehicles).set({ isDefault: true, updatedAt: now }).where(eq(vehicles.id, newest.id));
  });
  return { deleted: true };
}

/** POST /api/vehicles/:id/default: the old default is cleared first, then this one set, in one transaction. */
export async function setDefaultVehicle(ctx: AppContext, actor: Actor, now: Date, id: number): Promise<Vehicle> {
  const customer = requireRole(actor, 'customer');
  const row = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    await ownCar(tx, customer.id, id);
    await tx
      .update(vehicles)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(vehicles.customerId, customer.id), eq(vehicles.isDefault, true), ne(vehicles.id, id)));
    const [updated] = await tx.update(vehicles).set({ isDefault: true, updatedAt: now }).where(eq(vehicles.id, id)).returning();
    return updated!;
  });
  return toVehicle(row);
}

export const chooseYourCarMessage = 'Choose one of your cars';

/**
 * A booking's vehicleId, inside the booking's transaction: it must be the customer's car (else 400) of the booking's
 * vehicle type (else 400), and is held (FOR SHARE) until the booking commits. Answers the car as it is now, which the
 * booking keeps in vehicle_details: a later edit of the car does not change the booking.
 */
export async function bookedVehicle(
  tx: Database,
  customerId: number,
  vehicleId: number,
  vehicleType: string,
): Promise<BookedVehicleDetails> {
  const [car] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.customerId, customerId)))
    .for('share');
  if (!car) throw badRequest(chooseYourCarMessage, { vehicleId: chooseYourCarMessage });
  if (car.vehicleType !== vehicleType) {
    const message = `This car is a ${car.vehicleType}: choose ${car.vehicleType} as the vehicle type, or another car`;
    throw badRequest(message, { vehicleType: message });
  }
  return {
    make: car.make,
    model: car.model,
    year: car.year,
    color: car.color,
    licensePlate: car.licensePlate,
    nickname: car.nickname,
    vehicleType: car.vehicleType,
  };
}
