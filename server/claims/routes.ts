import type { FastifyInstance } from 'fastify';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import { claimIdParamsSchema, claimsQuerySchema, createClaimSchema, rejectClaimSchema, resolveClaimSchema } from '@core/schemas/claim.ts';
import { parse } from '../http/validate.ts';
import { createClaim, listAdminClaims, listBookingClaims, rejectClaim, resolveClaim } from './claim-service.ts';

/** 'Report a problem' after a job, and the admins' queue that resolves or rejects it. */
export async function claimRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/bookings/:id/claims', async (request, reply) => {
    const claim = await createClaim(
      ctx,
      request.user,
      ctx.clock.now(),
      parse(bookingIdParamsSchema, request.params).id,
      parse(createClaimSchema, request.body),
    );
    return reply.code(201).send(claim);
  });

  app.get('/api/bookings/:id/claims', (request) =>
    listBookingClaims(ctx.db, request.user, parse(bookingIdParamsSchema, request.params).id),
  );

  app.get('/api/admin/claims', (request) => listAdminClaims(ctx.db, request.user, parse(claimsQuerySchema, request.query).status));

  app.post('/api/admin/claims/:id/resolve', (request) =>
    resolveClaim(
      ctx,
      request.user,
      ctx.clock.now(),
      parse(claimIdParamsSchema, request.params).id,
      parse(resolveClaimSchema, request.body),
    ),
  );

  app.post('/api/admin/claims/:id/reject', (request) =>
    rejectClaim(ctx, request.user, ctx.clock.now(), parse(claimIdParamsSchema, request.params).id, parse(rejectClaimSchema, request.body)),
  );
}
