import type { FastifyInstance } from 'fastify';
import {
  confirmVisitSchema,
  membershipIdParamsSchema,
  moveVisitSchema,
  skipVisitSchema,
  visitRhythmInputSchema,
} from '@core/schemas/membership-visits.ts';
import { parse } from '../../http/validate.ts';
import { clearVisitRhythm, getVisitOptions, getVisitSchedule, setVisitRhythm } from './visit-rhythm-service.ts';
import { confirmVisit, moveVisit, skipVisit } from './visit-actions-service.ts';

/** Issue 18 ★: a member's visit rhythm and its visits. Every service checks the membership is the caller's own. */
export async function membershipVisitRoutes(app: FastifyInstance) {
  const id = (params: unknown) => parse(membershipIdParamsSchema, params).id;
  app.get('/api/memberships/:id/visits', (request) => getVisitSchedule(app.ctx, request.user, app.ctx.clock.now(), id(request.params)));
  app.get('/api/memberships/:id/visit-options', (request) => getVisitOptions(app.ctx, request.user, id(request.params)));
  app.put('/api/memberships/:id/visit-rhythm', (request) =>
    setVisitRhythm(app.ctx, request.user, app.ctx.clock.now(), id(request.params), parse(visitRhythmInputSchema, request.body)),
  );
  app.delete('/api/memberships/:id/visit-rhythm', (request) =>
    clearVisitRhythm(app.ctx, request.user, app.ctx.clock.now(), id(request.params)),
  );
  app.post('/api/memberships/:id/visits/skip', (request) =>
    skipVisit(app.ctx, request.user, app.ctx.clock.now(), id(request.params), parse(skipVisitSchema, request.body)),
  );
  app.post('/api/memberships/:id/visits/move', (request) =>
    moveVisit(app.ctx, request.user, app.ctx.clock.now(), id(request.params), parse(moveVisitSchema, request.body)),
  );
  app.post('/api/memberships/:id/visits/confirm', (request) =>
    confirmVisit(app.ctx, request.user, app.ctx.clock.now(), id(request.params), parse(confirmVisitSchema, request.body)),
  );
}
