import type { FastifyInstance } from 'fastify';
import { instantBookingSchema } from '@core/schemas/dashboard.ts';
import { parse } from '../http/validate.ts';
import { requireRole } from '../identity/access.ts';
import { getDetailerDashboard } from './dashboard-service.ts';
import { getInstantBooking, setInstantBooking } from './instant-booking-service.ts';

/** The detailer's dashboard in one read (issue 17, decision 021), and their instant-booking setting (decision 035). */
export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/detailer/dashboard', (request) => getDetailerDashboard(app.ctx, request.user));

  app.get('/api/detailer/instant-booking', (request) => getInstantBooking(app.ctx.db, request.user));

  // The role is checked before the body is read: a customer learns nothing about what the body should hold.
  app.put('/api/detailer/instant-booking', (request) => {
    requireRole(request.user, 'detailer');
    return setInstantBooking(app.ctx.db, request.user, parse(instantBookingSchema, request.body));
  });
}
