import type { FastifyInstance } from 'fastify';
import { serviceIdParamsSchema } from '@core/schemas/catalog.ts';
import { findSoonestSlot } from './soonest-slot-service.ts';
import { parse } from '../http/validate.ts';

/** Quick checkout (/quick-checkout/:serviceId): the soonest free detailer and slot for a service. */
export async function quickCheckoutRoutes(app: FastifyInstance) {
  app.get('/api/services/:id/soonest-slot', (request) =>
    findSoonestSlot(app.ctx.db, app.ctx.clock.now(), parse(serviceIdParamsSchema, request.params).id),
  );
}
