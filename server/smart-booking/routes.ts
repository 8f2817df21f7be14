import type { FastifyInstance } from 'fastify';
import { smartOffersQuerySchema, travelBufferSchema } from '@core/schemas/smart-booking.ts';
import { parse } from '../http/validate.ts';
import { smartChoices } from './choices-service.ts';
import { smartOffers } from './offers-service.ts';
import { getTravelBuffer, setTravelBuffer } from './travel-buffer-service.ts';

/** Smart booking (issue 20) and the detailer's travel buffer it leaves between jobs. */
export async function smartBookingRoutes(app: FastifyInstance) {
  app.get('/api/smart-booking/choices', (request) => smartChoices(app.ctx, request.user, app.ctx.clock.now()));

  app.get('/api/smart-booking/offers', (request) =>
    smartOffers(app.ctx, request.user, app.ctx.clock.now(), parse(smartOffersQuerySchema, request.query)),
  );

  app.get('/api/detailer/travel-buffer', (request) => getTravelBuffer(app.ctx.db, request.user));

  app.put('/api/detailer/travel-buffer', (request) => setTravelBuffer(app.ctx.db, request.user, parse(travelBufferSchema, request.body)));
}
