import { z } from 'zod';
import { bookingSchema } from './booking.ts';

/** A new request on the dashboard: the booking and when it must be answered by (then it expires). */
export const dashboardRequestSchema = z.object({
  booking: bookingSchema,
  /** ISO instant: the admin's request expiry after the booking was made, or its start if sooner (requestAnswerBy). */
  answerBy: z.string(),
});
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;

/** GET /api/detailer/dashboard: everything the signed-in detailer's dashboard shows, in one answer. */
export const detailerDashboardSchema = z.object({
  businessName: z.string(),
  /** The detailer's zone: "today" and "this week" are read on its wall clock. */
  timeZone: z.string(),
  /** Today's date (YYYY-MM-DD) in that zone. */
  today: z.string(),
  /** Accepted, on the way or under way, starting today (or left from an earlier day), earliest first. */
  todayJobs: z.array(bookingSchema),
  /** Not started an hour after their time (decision 035): each waits for Start or Customer absent, earliest first. */
  overdueJobs: z.array(bookingSchema),
  /** Requests waiting for Accept or Decline, the one to answer first first. */
  requests: z.array(dashboardRequestSchema),
  /** The ledger's job and tip amounts (after commission) since Monday 00:00 in the detailer's zone. */
  weekEarningsCents: z.number().int(),
  /** That Monday (YYYY-MM-DD). */
  weekStartsOn: z.string(),
  /** Answers to requests over the last 90 days; ratePercent is null when there were none. */
  acceptance: z.object({
    accepted: z.number().int(),
    declined: z.number().int(),
    expired: z.number().int(),
    ratePercent: z.number().int().nullable(),
  }),
  rating: z.number(),
  reviewCount: z.number().int(),
});
export type DetailerDashboard = z.infer<typeof detailerDashboardSchema>;

/** GET and PUT /api/detailer/instant-booking: whether a paid booking is accepted at once (decision 035). */
export const instantBookingSchema = z.object({
  instantBooking: z.boolean({ error: 'instantBooking must be true or false' }),
});
export type InstantBooking = z.infer<typeof instantBookingSchema>;
