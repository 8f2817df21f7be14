import type { FastifyInstance } from 'fastify';
import { businessStatsQuerySchema } from '@core/schemas/business-stats.ts';
import { parse } from '../http/validate.ts';
import { getBusinessStats } from './stats-service.ts';

/** The business dashboard's figures (/business/dashboard). */
export async function businessStatsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/detailer/stats', (request) =>
    getBusinessStats(ctx.db, request.user, ctx.clock.now(), parse(businessStatsQuerySchema, request.query).period),
  );
}
