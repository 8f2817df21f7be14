import { and, desc, eq, sql } from 'drizzle-orm';
import { recentDetailersLimit, type RecentDetailer } from '@core/schemas/booking.ts';
import type { Database } from '../db/client.ts';
import { bookings, detailers, services } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';

/**
 * GET /api/bookings/recent-detailers: the customer's own recent detailers for the home screen's 'Book again' row,
 * each with the newest completed booking with them; newest first, distinct, at most three. Only customers book, so
 * detailers and admins are refused (403) rather than shown someone's history.
 */
export async function listRecentDetailers(db: Database, actor: Actor): Promise<RecentDetailer[]> {
  const customer = requireRole(actor, 'customer');
  // completed_at is set by the completion move (and back-filled by migration 0009); the end of the slot stands in
  // for a row written without it, so ordering never meets a null.
  const completedAt = sql<Date>`coalesce(${bookings.completedAt}, ${bookings.endsAt})`.mapWith(bookings.endsAt);
  // DISTINCT ON keeps one row per detailer: the first in the order, that is their newest completed booking.
  const newestPerDetailer = await db
    .selectDistinctOn([bookings.detailerId], {
      detailerId: bookings.detailerId,
      businessName: detailers.businessName,
      avatarUrl: detailers.avatarUrl,
      rating: detailers.rating,
      reviewCount: detailers.reviewCount,
      bookingId: bookings.id,
      serviceId: bookings.serviceId,
      serviceName: services.name,
      completedAt,
    })
    .from(bookings)
    .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(and(eq(bookings.customerId, customer.id), eq(bookings.status, 'completed')))
    .orderBy(bookings.detailerId, desc(completedAt), desc(bookings.id));
  return newestPerDetailer
    .sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime() || b.bookingId - a.bookingId)
    .slice(0, recentDetailersLimit)
    .map((row) => ({ ...row, rating: Number(row.rating), completedAt: row.completedAt.toISOString() }));
}
