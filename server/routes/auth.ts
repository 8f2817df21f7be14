import type { FastifyInstance } from 'fastify';
import { requireUser } from '../services/access.ts';
import { toPublicUser } from '../services/user-service.ts';

export async function authRoutes(app: FastifyInstance) {
  app.get('/api/auth/user', (request) => toPublicUser(app.db, requireUser(request.user)));
}
