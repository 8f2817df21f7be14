import type { FastifyInstance } from 'fastify';
import { detailerIdParamsSchema } from '@core/schemas/catalog.ts';
import {
  availabilityQuerySchema,
  bookingIdParamsSchema,
  bookingQuoteQuerySchema,
  closedDaysQuerySchema,
  bookingsQuerySchema,
  cancelBookingSchema,
  createBookingSchema,
  dayOffSchema,
  putWeeklyAvailabilitySchema,
  rescheduleBookingSchema,
} from '@core/schemas/booking.ts';
import { getAvailability, getClosedDays } from './availability-service.ts';
import { addDayOff, getOwnAvailability, removeDayOff, setOwnAvailability } from './own-availability-service.ts';
import { getBooking, listBookings } from './booking-queries.ts';
import { cancelBooking, performDetailerAction, reportNoShow, rescheduleBooking, type DetailerAction } from './booking-transitions.ts';
import { createBooking } from './create-booking.ts';
import { getBookingQuote } from './booking-quote.ts';
import { listRecentDetailers } from './recent-detailers-service.ts';
import { parse } from '../http/validate.ts';
import { locateZipOrRefuse } from '../geo/geocoder.ts';

const detailerActions: DetailerAction[] = ['accept', 'decline', 'start-route', 'start', 'complete', 'customer-absent'];

/** Bookings, their lifecycle, and the availability they are made against. */
export async function bookingRoutes(app: FastifyInstance) {
  app.get('/api/detailers/:id/availability', async (request) => {
    const id = parse(detailerIdParamsSchema, request.params).id;
    const query = parse(availabilityQuerySchema, request.query);
    // With the job's ZIP the slots leave room to drive from the detailer's other jobs; without it, their buffer only.
    const place = query.zip === undefined ? null : await locateZipOrRefuse(app.ctx.geocoder, query.zip);
    return getAvailability(app.ctx.db, app.ctx.clock.now(), id, { ...query, place, router: app.ctx.router });
  });

  app.get('/api/detailers/:id/closed-days', async (request) => {
    const id = parse(detailerIdParamsSchema, request.params).id;
    return getClosedDays(app.ctx.db, app.ctx.clock.now(), id, parse(closedDaysQuerySchema, request.query));
  });

  app.get('/api/detailer/availability', (request) => getOwnAvailability(app.ctx.db, request.user, app.ctx.clock.now()));

  app.put('/api/detailer/availability', (request) =>
    setOwnAvailability(app.ctx.db, request.user, app.ctx.clock.now(), parse(putWeeklyAvailabilitySchema, request.body).rules),
  );

  app.post('/api/detailer/days-off', (request) =>
    addDayOff(app.ctx.db, request.user, app.ctx.clock.now(), parse(dayOffSchema, request.body).date),
  );

  app.delete('/api/detailer/days-off', (request) =>
    removeDayOff(app.ctx.db, request.user, app.ctx.clock.now(), parse(dayOffSchema, request.body ?? request.query).date),
  );

  app.post('/api/bookings', async (request, reply) => {
    const booking = await createBooking(app.ctx, request.user, app.ctx.clock.now(), parse(createBookingSchema, request.body));
    return reply.code(201).send(booking);
  });

  app.get('/api/bookings', (request) =>
    listBookings(app.ctx.db, request.user, app.ctx.clock.now(), parse(bookingsQuerySchema, request.query)),
  );

  // Static, so they win over /api/bookings/:id whatever the order.
  app.get('/api/bookings/quote', (request) => getBookingQuote(app.ctx.db, request.user, parse(bookingQuoteQuerySchema, request.query)));

  app.get('/api/bookings/recent-detailers', (request) => listRecentDetailers(app.ctx.db, request.user));

  app.get('/api/bookings/:id', (request) =>
    getBooking(app.ctx.db, request.user, app.ctx.clock.now(), parse(bookingIdParamsSchema, request.params).id),
  );

  for (const action of detailerActions) {
    app.post(`/api/bookings/:id/${action}`, (request) =>
      performDetailerAction(app.ctx, request.user, app.ctx.clock.now(), parse(bookingIdParamsSchema, request.params).id, action),
    );
  }

  app.post('/api/bookings/:id/report-no-show', (request) =>
    reportNoShow(app.ctx, request.user, app.ctx.clock.now(), parse(bookingIdParamsSchema, request.params).id),
  );

  app.post('/api/bookings/:id/cancel', (request) =>
    cancelBooking(
      app.ctx,
      request.user,
      app.ctx.clock.now(),
      parse(bookingIdParamsSchema, request.params).id,
      parse(cancelBookingSchema, request.body ?? {}),
    ),
  );

  app.post('/api/bookings/:id/reschedule', (request) =>
    rescheduleBooking(
      app.ctx,
      request.user,
      app.ctx.clock.now(),
      parse(bookingIdParamsSchema, request.params).id,
      parse(rescheduleBookingSchema, request.body),
    ),
  );
}
