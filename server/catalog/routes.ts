import type { FastifyInstance } from 'fastify';
import { detailerIdParamsSchema, detailersQuerySchema, serviceIdParamsSchema, servicesQuerySchema } from '@core/schemas/catalog.ts';
import { getDetailer, getService, listDetailers, listServiceCategories, listServicesEncoded } from './catalog-service.ts';
import { serviceAreaCheckQuerySchema, serviceAreaInputSchema } from '@core/schemas/tracking.ts';
import { sendEncodedJson } from '../http/encoded-body.ts';
import { parse } from '../http/validate.ts';
import { requireRole } from '../identity/access.ts';
import { checkServiceArea, mapConfig, setServiceArea } from './service-area-service.ts';

export async function catalogRoutes(app: FastifyInstance) {
  const geocoder = app.ctx.geocoder;

  app.get('/api/service-categories', () => listServiceCategories(app.ctx));

  // The catalog is most of the traffic and changes rarely: sent as encoded once, with an ETag (issue 40).
  app.get('/api/services', async (request, reply) =>
    sendEncodedJson(request, reply, await listServicesEncoded(app.ctx, parse(servicesQuerySchema, request.query))),
  );

  app.get('/api/services/:id', (request) => getService(app.ctx.db, parse(serviceIdParamsSchema, request.params).id));

  app.get('/api/detailers', (request) => listDetailers(app.ctx, parse(detailersQuerySchema, request.query)));

  app.get('/api/detailers/:id', (request) => getDetailer(app.ctx.db, parse(detailerIdParamsSchema, request.params).id, request.user));

  // Service areas and maps (decision 018).
  app.put('/api/detailer/service-area', (request) => {
    requireRole(request.user, 'detailer');
    return setServiceArea(app.ctx, geocoder, request.user, parse(serviceAreaInputSchema, request.body));
  });

  app.get('/api/service-area/check', (request) =>
    checkServiceArea(app.ctx.db, geocoder, parse(serviceAreaCheckQuerySchema, request.query)),
  );

  app.get('/api/map-config', () => mapConfig(app.config));
}
