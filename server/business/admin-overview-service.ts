import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AdminOverview, AdminOverviewWindow } from '@core/schemas/admin-overview.ts';
import type { AppContext } from '../context.ts';
import { detailers, payments, users } from '../db/schema.ts';
import { awaitingApproval } from '../identity/auth-service.ts';
import { requireRole, type Actor } from '../identity/access.ts';

/** The start of `now`'s day (or week, Monday) on the platform's wall clock, as an instant. */
const startOf = (unit: 'day' | 'week', now: Date, timeZone: string) =>
  sql`(date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;

async function windowFigures(ctx: AppContext, from: ReturnType<typeof startOf>): Promise<AdminOverviewWindow> {
  const [row] = await ctx.db
    .select({
      bookings: sql<number>`count(distinct ${payments.bookingId}) filter (where ${payments.kind} = 'authorize')`.mapWith(Number),
      paidCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.status, 'succeeded'), inArray(payments.kind, ['authorize', 'tip']), gte(payments.createdAt, from)));
  return { bookings: row?.bookings ?? 0, paidCents: row?.paidCents ?? 0 };
}

/** GET /api/admin/overview: admins only (checked first); bookings and money today and this week, and who waits for approval. */
export async function getAdminOverview(ctx: AppContext, actor: Actor, now: Date): Promise<AdminOverview> {
  requireRole(actor, 'admin');
  const timeZone = ctx.config.PLATFORM_TIME_ZONE;
  const [today, week, [waiting]] = await Promise.all([
    windowFigures(ctx, startOf('day', now, timeZone)),
    windowFigures(ctx, startOf('week', now, timeZone)),
    ctx.db.select({ n: count() }).from(users).leftJoin(detailers, eq(detailers.userId, users.id)).where(awaitingApproval),
  ]);
  return { timeZone, today, week, awaitingApproval: waiting?.n ?? 0 };
}
