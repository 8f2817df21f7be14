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
  app.get('/api/service-categories', () => listServiceCategories(app.db));

  app.get('/api/services', (request) => listServices(app.db, parse(servicesQuerySchema, request.query)));

  app.get('/api/services/:id', (request) => getService(app.db, parse(serviceIdParamsSchema, request.params).id));

  app.get('/api/detailers', (request) => listDetailers(app.db, parse(detailersQuerySchema, request.query)));

  app.get('/api/detailers/:id', (request) =>
    getDetailer(app.db, parse(detailerIdParamsSchema, request.params).id),
  );
}
