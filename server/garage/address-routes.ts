import type { FastifyInstance } from 'fastify';
import { savedAddressIdParamsSchema, savedAddressInputSchema, updateSavedAddressSchema } from '@core/schemas/address.ts';
import { parse } from '../http/validate.ts';
import { createPlace, deletePlace, listPlaces, setDefaultPlace, updatePlace } from './address-service.ts';

/** A customer's saved places (decision 019): list, add, edit, delete, make default. */
export async function addressRoutes(app: FastifyInstance) {
  const placeId = (params: unknown) => parse(savedAddressIdParamsSchema, params).id;

  app.get('/api/addresses', (request) => listPlaces(app.ctx, request.user));

  app.post('/api/addresses', async (request, reply) => {
    const place = await createPlace(app.ctx, request.user, app.ctx.clock.now(), parse(savedAddressInputSchema, request.body));
    return reply.code(201).send(place);
  });

  app.patch('/api/addresses/:id', (request) =>
    updatePlace(app.ctx, request.user, app.ctx.clock.now(), placeId(request.params), parse(updateSavedAddressSchema, request.body)),
  );

  app.delete('/api/addresses/:id', (request) => deletePlace(app.ctx, request.user, app.ctx.clock.now(), placeId(request.params)));

  app.post('/api/addresses/:id/default', (request) => setDefaultPlace(app.ctx, request.user, app.ctx.clock.now(), placeId(request.params)));
}
