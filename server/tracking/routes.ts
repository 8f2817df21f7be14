import type { FastifyInstance } from 'fastify';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import { locationSharingInputSchema, positionInputSchema } from '@core/schemas/tracking.ts';
import { parse } from '../http/validate.ts';
import { requireRole, requireUser } from '../identity/access.ts';
import { getLocationSharing, setLocationSharing } from './location-sharing.ts';
import { recordPosition } from './positions.ts';
import { getBookingTracking, getCurrentTracking } from './tracking-queries.ts';

/**
 * Live tracking (decision 018): the detailer's sharing switch and positions, the customer's and admins' view of a
 * trip. Each handler asks for the session before it reads the input: a signed-out caller gets 401 whatever they sent.
 */
export async function trackingRoutes(app: FastifyInstance) {
  // The app's one router (ROUTING_URL's choice, remembering its answers): arrival times and drive times agree.
  const eta = app.ctx.router;

  app.get('/api/detailer/location-sharing', (request) => getLocationSharing(app.ctx.db, request.user, app.ctx.clock.now()));

  app.put('/api/detailer/location-sharing', (request) => {
    requireRole(request.user, 'detailer');
    const { enabled } = parse(locationSharingInputSchema, request.body);
    return setLocationSharing(app.ctx, request.user, app.ctx.clock.now(), enabled);
  });

  app.post('/api/detailer/positions', async (request, reply) => {
    requireRole(request.user, 'detailer');
    await recordPosition(app.ctx, eta, request.user, app.ctx.clock.now(), parse(positionInputSchema, request.body));
    return reply.code(204).send();
  });

  app.get('/api/bookings/:id/tracking', (request) => {
    requireUser(request.user);
    return getBookingTracking(app.ctx.db, eta, request.user, app.ctx.clock.now(), parse(bookingIdParamsSchema, request.params).id);
  });

  app.get('/api/tracking/current', (request) => getCurrentTracking(app.ctx.db, eta, request.user, app.ctx.clock.now()));
}
