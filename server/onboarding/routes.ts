import type { FastifyInstance } from 'fastify';
import { businessUpdateSchema, detailerIdParamsSchema } from '@core/schemas/onboarding.ts';
import { parse } from '../http/validate.ts';
import { approveDetailer, getOnboarding, updateBusiness } from './onboarding-service.ts';

/** A new detailer's setup and its approval by an admin (issue 17, decision 021). */
export async function onboardingRoutes(app: FastifyInstance) {
  app.get('/api/detailer/onboarding', (request) => getOnboarding(app.ctx, request.user));

  app.patch('/api/detailer/business', (request) => updateBusiness(app.ctx, request.user, parse(businessUpdateSchema, request.body)));

  app.post('/api/admin/detailers/:id/approve', (request) =>
    approveDetailer(app.ctx, request.user, parse(detailerIdParamsSchema, request.params).id),
  );
}
