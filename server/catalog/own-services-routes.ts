import type { FastifyInstance } from 'fastify';
import { ownServiceIdParamsSchema, ownServiceInputSchema, ownServiceUpdateSchema } from '@core/schemas/own-service.ts';
import { parse } from '../http/validate.ts';
import {
  createOwnService,
  deleteOwnService,
  getOwnService,
  listOwnServices,
  setOwnServicePaused,
  updateOwnService,
} from './own-services-service.ts';

/** A detailer's own services (issue 17, decision 020): list, add, edit, pause, resume, delete. */
export async function ownServiceRoutes(app: FastifyInstance) {
  const serviceId = (params: unknown) => parse(ownServiceIdParamsSchema, params).id;
  const now = () => app.ctx.clock.now();

  app.get('/api/detailer/services', (request) => listOwnServices(app.ctx, request.user, now()));

  app.get('/api/detailer/services/:id', (request) => getOwnService(app.ctx, request.user, now(), serviceId(request.params)));

  app.post('/api/detailer/services', async (request, reply) => {
    const service = await createOwnService(app.ctx, request.user, now(), parse(ownServiceInputSchema, request.body));
    return reply.code(201).send(service);
  });

  app.patch('/api/detailer/services/:id', (request) =>
    updateOwnService(app.ctx, request.user, now(), serviceId(request.params), parse(ownServiceUpdateSchema, request.body)),
  );

  app.post('/api/detailer/services/:id/pause', (request) =>
    setOwnServicePaused(app.ctx, request.user, now(), serviceId(request.params), true),
  );

  app.post('/api/detailer/services/:id/resume', (request) =>
    setOwnServicePaused(app.ctx, request.user, now(), serviceId(request.params), false),
  );

  app.delete('/api/detailer/services/:id', (request) => deleteOwnService(app.ctx, request.user, now(), serviceId(request.params)));
}
