import { z } from 'zod';
import { statsPeriods } from '../domain/business-weeks.ts';

/** GET /api/detailer/stats?period=: which stretch of time the business dashboard shows (12 weeks by default). */
export const businessStatsQuerySchema = z.object({
  period: z.enum(statsPeriods, { error: 'period must be one of 4w, 12w, 6m or 12m' }).default('12w'),
});
export type BusinessStatsQuery = z.infer<typeof businessStatsQuerySchema>;

/**
 * Where the revenue figures come from: the detailer's ledger (net of commission, tips included) once it has rows for
 * the period, else completed bookings' price and surcharge (gross: before the ledger existed, or not yet synced).
 */
export const revenueSources = ['ledger', 'bookings'] as const;

/** The signed-in detailer's business figures for a period, every one grouped in SQL (server/business-stats). */
export const businessStatsSchema = z.object({
  period: z.enum(statsPeriods),
  /** The detailer's zone: weeks, months, days and hours are read on its wall clock. */
  timeZone: z.string(),
  /** Midnight of the first week's Monday (ISO). */
  from: z.string(),
  revenueSource: z.enum(revenueSources),
  /** Every week of the period, oldest first, zero when nothing came in. */
  revenueByWeek: z.array(z.object({ weekStart: z.string(), amountCents: z.number().int() })),
  totalRevenueCents: z.number().int(),
  completedBookings: z.number().int(),
  /** Completed jobs per service, most booked first. */
  bookingsByService: z.array(
    z.object({ serviceId: z.number().int(), serviceName: z.string(), count: z.number().int(), revenueCents: z.number().int() }),
  ),
  /** Per month of the period: the average of the published, visible customer reviews written then (null for none). */
  ratingByMonth: z.array(z.object({ month: z.string(), averageRating: z.number().nullable(), reviewCount: z.number().int() })),
  /** Completed and upcoming jobs per weekday (0 = Sunday) and starting hour; only the cells that have jobs. */
  busyHours: z.array(z.object({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23), count: z.number().int() })),
  /** Customers with two or more completed jobs in the period, out of those with any. */
  repeatCustomers: z.object({ repeat: z.number().int(), total: z.number().int() }),
  /**
   * The detailer's rating as customers see it on the cards and the profile (all time, earlier reviews included):
   * the one source of 'the rating'; `ratingByMonth` is this period's Glossly reviews only.
   */
  rating: z.object({ average: z.number(), reviewCount: z.number().int() }),
});
export type BusinessStats = z.infer<typeof businessStatsSchema>;
