import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { detailers } from './schema.ts';
import { categoryNames, demoAccounts, demoPassword, seedDetailers, seedServices } from './seed-data.ts';
import { createUser, findUserByEmail, type NewUser } from '../services/user-service.ts';
import {
  ensureDetailerProfile,
  ensureService,
  ensureServiceCategory,
  offerService,
} from '../services/catalog-admin-service.ts';
import { ensureDefaultAvailability } from '../services/availability-service.ts';

async function ensureUser(db: Database, input: NewUser) {
  return (await findUserByEmail(db, input.email)) ?? (await createUser(db, input));
}

/** True once every seed detailer exists: later starts skip the seed's many look-ups. */
async function isSeeded(db: Database): Promise<boolean> {
  const lastDetailer = seedDetailers.at(-1)!;
  const user = await findUserByEmail(db, lastDetailer.email);
  if (!user) return false;
  const [profile] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, user.id));
  return profile !== undefined;
}

/** Fills an empty database with the demo catalog and accounts; running it again changes nothing. */
export async function seedDatabase(db: Database, options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && (await isSeeded(db))) return;
  const categoryIds = new Map<string, number>();
  for (const name of categoryNames) categoryIds.set(name, await ensureServiceCategory(db, name));

  await ensureUser(db, { ...demoAccounts.customer, role: 'customer', password: demoPassword });
  await ensureUser(db, { ...demoAccounts.admin, role: 'admin', password: demoPassword });

  const serviceIds = new Map<string, number>();
  for (const [index, seed] of seedDetailers.entries()) {
    const user = await ensureUser(db, {
      email: seed.email,
      username: seed.username,
      name: seed.name,
      role: 'detailer',
      password: demoPassword,
    });
    const detailerId = await ensureDetailerProfile(db, user.id, {
      businessName: seed.businessName,
      description: seed.description,
      avatarUrl: `/images/detailers/avatar-${seed.avatar}.svg`,
      rating: seed.rating,
      reviewCount: seed.reviewCount,
      serviceLabels: seed.labels,
      timeZone: 'America/Los_Angeles',
      baseLatitude: seed.latitude,
      baseLongitude: seed.longitude,
    });
    await ensureDefaultAvailability(db, detailerId);
    // The first detailer lists the catalog; the others offer services from it.
    for (const key of seed.offers) {
      const service = seedServices.find((s) => s.key === key)!;
      if (index === 0) {
        serviceIds.set(key, await ensureService(db, detailerId, {
          name: service.name,
          description: service.description,
          categoryId: categoryIds.get(service.category)!,
          priceCents: service.priceCents,
          durationMinutes: service.durationMinutes,
          imageUrl: `/images/services/${service.image}.svg`,
        }));
      } else {
        await offerService(db, detailerId, serviceIds.get(key)!);
      }
    }
  }
}
