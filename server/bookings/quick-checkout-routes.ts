import type { FastifyInstance } from 'fastify';
import { serviceIdParamsSchema } from '@core/schemas/catalog.ts';
import { findSoonestSlot } from './soonest-slot-service.ts';
import { parse } from '../http/validate.ts';
import { soonestSlotQuerySchema } from '@core/schemas/payments.ts';
import { locateZipOrRefuse } from '../geo/geocoder.ts';

/** Quick checkout (/quick-checkout/:serviceId): the soonest free detailer and slot for a service. */
export async function quickCheckoutRoutes(app: FastifyInstance) {
  app.get('/api/services/:id/soonest-slot', async (request) => {
    const id = parse(serviceIdParamsSchema, request.params).id;
    const { zip } = parse(soonestSlotQuerySchema, request.query);
    // From the customer's own place (Quick Book sends their default one): detailers who come there, times they can reach.
    const place = zip === undefined ? null : await locateZipOrRefuse(app.ctx.geocoder, zip);
    return findSoonestSlot(app.ctx.db, app.ctx.clock.now(), id, { place, router: app.ctx.router });
  });
}
