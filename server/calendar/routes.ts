import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '@core/errors.ts';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import { calendarFeedParamsSchema } from '@core/schemas/calendar.ts';
import { parse } from '../http/validate.ts';
import { requireUser } from '../identity/access.ts';
import { bookingCalendarFile } from './booking-calendar.ts';
import { calendarFeedFile, feedTokenHash, getCalendarFeed, resetCalendarFeed } from './calendar-feed.ts';

const calendarType = 'text/calendar; charset=utf-8';

/**
 * Fetches of one feed address: 30 per 10 minutes, counted per token (by its hash, so no token is a key in Redis).
 * Calendar apps poll every few minutes at most; a loop, or a shared address someone hammers, is cut off.
 */
export const feedRateLimit = {
  max: 30,
  timeWindow: '10 minutes',
  keyGenerator: (request: FastifyRequest) => `calendar-feed:${feedTokenHash(String((request.params as { file?: unknown }).file ?? ''))}`,
};

/** The address a signed-out browser is sent to from a booking's calendar link (an email's): sign in, then the booking. */
export const signInForBooking = (params: unknown) => {
  const id = bookingIdParamsSchema.safeParse(params ?? {});
  return id.success ? `/login?next=${encodeURIComponent(`/bookings/${id.data.id}`)}` : '/login';
};

/** Calendars that stay in sync (decision 044): a booking's .ics, and a detailer's private feed. */
export async function calendarRoutes(app: FastifyInstance) {
  app.get('/api/bookings/:id/calendar.ics', async (request, reply) => {
    if (!request.user) {
      // An email's 'Add to calendar' opened in a browser that is not signed in: sign in, then the booking's page.
      if (request.headers.accept?.includes('text/html')) return reply.redirect(signInForBooking(request.params), 303);
      throw unauthorized();
    }
    const user = requireUser(request.user);
    const { id } = parse(bookingIdParamsSchema, request.params);
    const file = await bookingCalendarFile(app.ctx, user, app.ctx.clock.now(), id);
    return reply
      .header('content-type', calendarType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });

  app.get('/api/detailer/calendar-feed', (request) => getCalendarFeed(app.ctx.db, request.user));

  app.post('/api/detailer/calendar-feed', (request) => resetCalendarFeed(app.ctx, request.user, app.ctx.clock.now()));

  // The token is the credential: no session is asked for (a calendar app has none), and it is checked before anything.
  app.get('/api/calendar/:file', { config: { rateLimit: feedRateLimit } }, async (request, reply) => {
    const params = calendarFeedParamsSchema.safeParse(request.params ?? {});
    if (!params.success) throw notFound('Calendar not found');
    const body = await calendarFeedFile(app.ctx, params.data.file.slice(0, -'.ics'.length), app.ctx.clock.now());
    return (
      reply
        .header('content-type', calendarType)
        .header('content-disposition', 'inline; filename="glossly-jobs.ics"')
        // Read afresh on every fetch, and never kept by a proxy: the address is private.
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .send(body)
    );
  });
}
