/** Bookings paid and money paid by customers in one window of the platform's days. */
export type AdminOverviewWindow = { bookings: number; paidCents: number };

/**
 * GET /api/admin/overview: what an operator checks first. `today` and `week` (from Monday) are days of
 * PLATFORM_TIME_ZONE; a booking counts on the day its payment was authorized, the money is every succeeded
 * authorization and tip of the window (before refunds); `awaitingApproval`: detailers no admin has approved yet.
 */
export type AdminOverview = {
  timeZone: string;
  today: AdminOverviewWindow;
  week: AdminOverviewWindow;
  awaitingApproval: number;
};
