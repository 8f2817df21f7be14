import type { FastifyInstance } from 'fastify';
import {
  detailerIdParamsSchema,
  detailersQuerySchema,
  serviceIdParamsSchema,
  servicesQuerySchema,
} from '@core/schemas/catalog.ts';
import {
  getDetailer,
  getService,
  listDetailers,
  listServiceCategories,
  listServices,
} from './catalog-service.ts';
import { parse } from '../http/validate.ts';

export async function catalogRoutes(app: FastifyInstance) {
  app.get('/api/service-categories', () => listServiceCategories(app.ctx));

  app.get('/api/services', (request) => listServices(app.ctx, parse(servicesQuerySchema, request.query)));

  app.get('/api/services/:id', (request) => getService(app.ctx.db, parse(serviceIdParamsSchema, request.params).id));

  app.get('/api/detailers', (request) => listDetailers(app.ctx, parse(detailersQuerySchema, request.query)));

  app.get('/api/detailers/:id', (request) =>
    getDetailer(app.ctx.db, parse(detailerIdParamsSchema, request.params).id),
  );
}
