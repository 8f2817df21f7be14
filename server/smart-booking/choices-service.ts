import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { SmartChoices } from '@core/schemas/smart-booking.ts';
import type { AppContext } from '../context.ts';
import { bookings, savedAddresses, vehicles } from '../db/schema.ts';
import type { Actor } from '../identity/access.ts';
import { listServiceCategories, listServices } from '../catalog/catalog-service.ts';

/** 'Blue Civic', '2021 Honda Civic': how a saved car reads on a chip. */
const carLabel = (car: { nickname: string; year: number; make: string; model: string }) =>
  car.nickname || `${car.year} ${car.make} ${car.model}`;

/**
 * GET /api/smart-booking/choices: the catalog to pick from and, for a signed-in customer, their own cars and places
 * (default first) and the address of their last booking, so the page starts filled in and three taps book.
 */
export async function smartChoices(ctx: AppContext, actor: Actor, now: Date): Promise<SmartChoices> {
  const { db } = ctx;
  const [categories, catalog] = await Promise.all([listServiceCategories(ctx), listServices(ctx, {})]);
  const customer = actor?.role === 'customer' ? actor : null;
  const mostBooked = async (own: boolean) => {
    const rows = await db
      .select({ serviceId: bookings.serviceId, n: count() })
      .from(bookings)
      .where(own ? eq(bookings.customerId, customer!.id) : undefined)
      .groupBy(bookings.serviceId)
      .orderBy(desc(count()), bookings.serviceId)
      .limit(5);
    // A paused or hidden service is not suggested: the next most booked one is.
    return rows.find((row) => catalog.some((s) => s.id === row.serviceId))?.serviceId ?? null;
  };
  const suggestedServiceId = (customer ? await mostBooked(true) : null) ?? (await mostBooked(false)) ?? catalog[0]?.id ?? null;

  const cars = customer
    ? await db.select().from(vehicles).where(eq(vehicles.customerId, customer.id)).orderBy(desc(vehicles.isDefault), vehicles.id)
    : [];
  const saved = customer
    ? await db
        .select()
        .from(savedAddresses)
        .where(eq(savedAddresses.customerId, customer.id))
        .orderBy(desc(savedAddresses.isDefault), savedAddresses.id)
    : [];
  const places: SmartChoices['places'] = saved.map((p) => ({
    savedAddressId: p.id,
    label: p.label,
    address: p.address,
    apt: p.apt,
    city: p.city,
    zip: p.zip,
  }));
  if (customer) {
    const [last] = await db
      .select({ address: bookings.address, apt: bookings.apt, city: bookings.city, zip: bookings.zip })
      .from(bookings)
      .where(and(eq(bookings.customerId, customer.id), isNotNull(bookings.zip)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(1);
    if (last && !places.some((p) => p.address === last.address && p.zip === last.zip)) {
      places.push({
        savedAddressId: null,
        label: 'Last booking',
        address: last.address,
        apt: last.apt ?? '',
        city: last.city,
        zip: last.zip,
      });
    }
  }
  return {
    today: dateInZone(now, ctx.config.PLATFORM_TIME_ZONE),
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    services: catalog.map((s) => ({
      id: s.id,
      name: s.name,
      categoryId: s.categoryId,
      priceCents: s.priceCents,
      durationMinutes: s.duration,
    })),
    suggestedServiceId,
    cars: cars.map((car) => ({ id: car.id, label: carLabel(car), vehicleType: car.vehicleType })),
    places,
  };
}
