import type { FastifyInstance } from 'fastify';
import { createCategory, listAdminCategories, moveCategory, updateCategory } from './admin-categories-service.ts';
import { listAdminServices, setAdminServicePaused, updateAdminService } from './admin-services-service.ts';

/**
 * /admin/services (issue 19): categories and every detailer's services, admins only. Each service checks the role
 * before it parses anything, so customers, detailers and signed-out callers learn nothing about the input.
 */
export async function adminCatalogRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/admin/categories', (request) => listAdminCategories(ctx, request.user));
  app.post('/api/admin/categories', async (request, reply) => reply.code(201).send(await createCategory(ctx, request.user, request.body)));
  app.patch('/api/admin/categories/:id', (request) => updateCategory(ctx, request.user, ctx.clock.now(), request.params, request.body));
  app.post('/api/admin/categories/:id/move', (request) => moveCategory(ctx, request.user, request.params, request.body));

  app.get('/api/admin/services', (request) => listAdminServices(ctx, request.user, request.query));
  app.patch('/api/admin/services/:id', (request) => updateAdminService(ctx, request.user, request.params, request.body));
  app.post('/api/admin/services/:id/pause', (request) => setAdminServicePaused(ctx, request.user, ctx.clock.now(), request.params, true));
  app.post('/api/admin/services/:id/resume', (request) => setAdminServicePaused(ctx, request.user, ctx.clock.now(), request.params, false));
}
