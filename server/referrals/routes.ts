import type { FastifyInstance } from 'fastify';
import { getMyReferrals } from './referral-service.ts';

/** Referrals (issue 18): the customer's own code, share link, friends and credits. */
export async function referralRoutes(app: FastifyInstance) {
  app.get('/api/referrals', (request) => getMyReferrals(app.ctx, request.user));
}
