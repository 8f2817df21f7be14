import { acceptedWorkStatuses } from '@core/domain/booking-status.ts';
import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import { statsWindow, type StatsPeriod } from '@core/domain/business-weeks.ts';
import type { BusinessStats } from '@core/schemas/business-stats.ts';
import type { Database } from '../db/client.ts';
import { bookings, detailerLedger, detailers, reviews, services } from '../db/schema.ts';
import { syncEarnings } from '../business/earnings-sync.ts';
import { requireRole, type Actor } from '../identity/access.ts';

// The business dashboard's figures (issue 17, decision 021). Each is one grouped query that starts from an indexed
// column (bookings by detailer and start, reviews by detailer and date, the ledger by detailer), so a busy detailer
// costs a few index range scans, never every row loaded into the app. Weeks, months, weekdays and hours are read on
// the detailer's wall clock (AT TIME ZONE), so a job at 4 PM on a Sunday in Los Angeles is Sunday 16:00, not Monday.

const int = (expression: ReturnType<typeof sql>) => sql<number>`${expression}`.mapWith(Number);

async function ownDetailer(db: Database, actor: Actor) {
  const user = requireRole(actor, 'detailer');
  const [row] = await db
    .select({ id: detailers.id, timeZone: detailers.timeZone, rating: detailers.rating, reviewCount: detailers.reviewCount })
    .from(detailers)
    .where(eq(detailers.userId, user.id));
  if (!row) throw notFound('Detailer profile not found');
  return row;
}

/** The Monday (YYYY-MM-DD) of the week of a timestamp on the zone's wall clock; PostgreSQL weeks start on Monday. */
const weekOf = (column: typeof bookings.startsAt, timeZone: string) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone ${timeZone}), 'YYYY-MM-DD')`;

type Scope = { detailerId: number; timeZone: string; from: Date };

/** Net to the detailer per week from the ledger's job and tip rows, by the week the job was booked for. */
function ledgerRevenueByWeek(db: Database, { detailerId, timeZone, from }: Scope) {
  return db
    .select({ week: weekOf(bookings.startsAt, timeZone), amountCents: int(sql`sum(${detailerLedger.amountCents})`) })
    .from(detailerLedger)
    .innerJoin(bookings, eq(bookings.id, detailerLedger.bookingId))
    .where(
      and(
        eq(detailerLedger.detailerId, detailerId),
        eq(bookings.detailerId, detailerId),
        gte(bookings.startsAt, from),
        inArray(detailerLedger.kind, ['job', 'tip']),
      ),
    )
    .groupBy(sql`1`);
}

/** Completed jobs per week with their price and surcharge: the figure before the ledger has rows. */
function bookedRevenueByWeek(db: Database, { detailerId, timeZone, from }: Scope) {
  return db
    .select({
      week: weekOf(bookings.startsAt, timeZone),
      amountCents: int(sql`sum(${bookings.priceCents} + ${bookings.vehicleSurchargeCents})`),
    })
    .from(bookings)
    .where(and(eq(bookings.detailerId, detailerId), gte(bookings.startsAt, from), eq(bookings.status, 'completed')))
    .groupBy(sql`1`);
}

function bookingsByService(db: Database, { detailerId, from }: Scope) {
  return db
    .select({
      serviceId: bookings.serviceId,
      serviceName: services.name,
      count: int(sql`count(*)`),
      revenueCents: int(sql`sum(${bookings.priceCents} + ${bookings.vehicleSurchargeCents})`),
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(and(eq(bookings.detailerId, detailerId), gte(bookings.startsAt, from), eq(bookings.status, 'completed')))
    .groupBy(bookings.serviceId, services.name)
    .orderBy(sql`3 desc`, services.name);
}

/** Published, visible customer reviews per month they were written in; the average stays unrounded here. */
function ratingByMonth(db: Database, { detailerId, timeZone, from }: Scope) {
  return db
    .select({
      month: sql<string>`to_char(${reviews.createdAt} at time zone ${timeZone}, 'YYYY-MM')`,
      average: sql<number>`avg(${reviews.rating})`.mapWith(Number),
      count: int(sql`count(*)`),
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.detailerId, detailerId),
        gte(reviews.createdAt, from),
        eq(reviews.authorRole, 'customer'),
        isNotNull(reviews.publishedAt),
        isNull(reviews.hiddenAt),
      ),
    )
    .groupBy(sql`1`);
}

/** Completed jobs of the period and every upcoming one, by weekday (0 = Sunday) and starting hour. */
function busyHours(db: Database, { detailerId, timeZone, from }: Scope) {
  return db
    .select({
      weekday: int(sql`extract(dow from ${bookings.startsAt} at time zone ${timeZone})`),
      hour: int(sql`extract(hour from ${bookings.startsAt} at time zone ${timeZone})`),
      count: int(sql`count(*)`),
    })
    .from(bookings)
    .where(and(eq(bookings.detailerId, detailerId), gte(bookings.startsAt, from), inArray(bookings.status, [...acceptedWorkStatuses])))
    .groupBy(sql`1`, sql`2`);
}

/** Customers with completed jobs in the period, and how many of them came twice or more. */
async function repeatCustomers(db: Database, { detailerId, from }: Scope) {
  const perCustomer = db
    .select({ jobs: sql<number>`count(*)`.as('jobs') })
    .from(bookings)
    .where(and(eq(bookings.detailerId, detailerId), gte(bookings.startsAt, from), eq(bookings.status, 'completed')))
    .groupBy(bookings.customerId)
    .as('per_customer');
  const [row] = await db
    .select({ repeat: int(sql`count(*) filter (where ${perCustomer.jobs} >= 2)`), total: int(sql`count(*)`) })
    .from(perCustomer);
  return { repeat: row?.repeat ?? 0, total: row?.total ?? 0 };
}

/** GET /api/detailer/stats: the signed-in detailer's figures for a period; customers and admins are refused (403). */
export async function getBusinessStats(db: Database, actor: Actor, now: Date, period: StatsPeriod): Promise<BusinessStats> {
  const detailer = await ownDetailer(db, actor);
  // As the earnings page does: a job completed a moment ago counts at its net, not at its gross until the next sync.
  await syncEarnings(db, now);
  const window = statsWindow(period, now, detailer.timeZone);
  const scope: Scope = { detailerId: detailer.id, timeZone: detailer.timeZone, from: window.from };
  const [ledgerWeeks, services, months, hours, customers] = await Promise.all([
    ledgerRevenueByWeek(db, scope),
    bookingsByService(db, scope),
    ratingByMonth(db, scope),
    busyHours(db, scope),
    repeatCustomers(db, scope),
  ]);
  // The ledger is the truth once it has rows for the period; before the earnings sync ran, the bookings stand in.
  const revenueSource = ledgerWeeks.length > 0 ? 'ledger' : 'bookings';
  const weeks = revenueSource === 'ledger' ? ledgerWeeks : await bookedRevenueByWeek(db, scope);
  const amountByWeek = new Map(weeks.map((w) => [w.week, w.amountCents]));
  const revenueByWeek = window.weekStarts.map((weekStart) => ({ weekStart, amountCents: amountByWeek.get(weekStart) ?? 0 }));
  const byMonth = new Map(months.map((m) => [m.month, m]));
  return {
    period,
    timeZone: detailer.timeZone,
    from: window.from.toISOString(),
    revenueSource,
    revenueByWeek,
    totalRevenueCents: revenueByWeek.reduce((sum, week) => sum + week.amountCents, 0),
    completedBookings: services.reduce((sum, service) => sum + service.count, 0),
    bookingsByService: services,
    ratingByMonth: window.months.map((month) => {
      const row = byMonth.get(month);
      return { month, averageRating: row ? Math.round(row.average * 100) / 100 : null, reviewCount: row?.count ?? 0 };
    }),
    busyHours: hours.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    repeatCustomers: customers,
    // The figure customers see on the cards and the profile: the one kept by recomputeDetailerRating.
    rating: { average: detailer.rating, reviewCount: detailer.reviewCount },
  };
}
