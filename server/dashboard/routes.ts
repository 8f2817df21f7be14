import type { FastifyInstance } from 'fastify';
import { getDetailerDashboard } from './dashboard-service.ts';

/** The detailer's dashboard in one read (issue 17, decision 021). */
export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/detailer/dashboard', (request) => getDetailerDashboard(app.ctx, request.user));
}
