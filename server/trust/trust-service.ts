import { and, eq, inArray, or } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import type { DetailerTrust } from '@core/schemas/trust.ts';
import type { Database } from '../db/client.ts';
import { detailers } from '../db/schema.ts';
import type { Actor } from '../identity/access.ts';
import { listedDetailerIds } from '../onboarding/listing.ts';
import { publicPair, publishedPairs } from './portfolio-service.ts';
import { detailerBadges, detailerJobsCompleted, detailerMemberSince, detailerResponseHours } from './trust-stats.ts';

/** GET /api/detailers/:id/trust: public, like the detailer's page, and hidden as it is (decision 021). */
export async function getDetailerTrust(db: Database, actor: Actor, now: Date, detailerId: number): Promise<DetailerTrust> {
  const isOwn = actor?.role === 'detailer' ? eq(detailers.userId, actor.id) : undefined;
  const [detailer] = await db
    .select({ id: detailers.id, timeZone: detailers.timeZone })
    .from(detailers)
    .where(and(eq(detailers.id, detailerId), or(inArray(detailers.id, listedDetailerIds(db)), isOwn)));
  if (!detailer) throw notFound('Detailer not found');
  const [jobsCompleted, responseHours, memberSince, badges, portfolio] = await Promise.all([
    detailerJobsCompleted(db, detailer.id),
    detailerResponseHours(db, detailer.id, now),
    detailerMemberSince(db, detailer.id),
    detailerBadges(db, detailer, now),
    publishedPairs(db, detailer),
  ]);
  return {
    jobsCompleted,
    responseHours,
    memberSince: memberSince!,
    badges,
    portfolio: portfolio.map(publicPair),
  };
}
