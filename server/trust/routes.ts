import type { FastifyInstance } from 'fastify';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import { detailerIdParamsSchema } from '@core/schemas/catalog.ts';
import {
  documentDecisionSchema,
  documentIdParamsSchema,
  portfolioConsentInputSchema,
  portfolioIdParamsSchema,
  publishPairSchema,
  submitDocumentSchema,
} from '@core/schemas/trust.ts';
import { parse } from '../http/validate.ts';
import { requireRole, requireUser } from '../identity/access.ts';
import { decideDocument, listOwnDocuments, listPendingDocuments, submitDocument } from './document-service.ts';
import { getDetailerPortfolio, getPortfolioConsent, publishPair, setPortfolioConsent, unpublishPair } from './portfolio-service.ts';
import { getDetailerTrust } from './trust-service.ts';

/** Trust a customer can see (decision 050): figures, badges from checked documents, a portfolio from verified jobs. */
export async function trustRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/detailers/:id/trust', (request) =>
    getDetailerTrust(ctx.db, request.user, ctx.clock.now(), parse(detailerIdParamsSchema, request.params).id),
  );

  app.get('/api/detailer/documents', (request) => listOwnDocuments(ctx.db, request.user));
  app.post('/api/detailer/documents', async (request, reply) => {
    requireRole(request.user, 'detailer');
    return reply.code(201).send(await submitDocument(ctx, request.user, parse(submitDocumentSchema, request.body)));
  });
  app.get('/api/admin/documents', (request) => listPendingDocuments(ctx.db, request.user));
  app.post('/api/admin/documents/:id/decision', (request) => {
    requireRole(request.user, 'admin');
    const { id } = parse(documentIdParamsSchema, request.params);
    return decideDocument(ctx, request.user, id, parse(documentDecisionSchema, request.body));
  });

  app.get('/api/bookings/:id/portfolio-consent', (request) =>
    getPortfolioConsent(ctx.db, request.user, parse(bookingIdParamsSchema, request.params).id),
  );
  app.put('/api/bookings/:id/portfolio-consent', (request) => {
    requireUser(request.user);
    const { id } = parse(bookingIdParamsSchema, request.params);
    return setPortfolioConsent(ctx, request.user, ctx.clock.now(), id, parse(portfolioConsentInputSchema, request.body));
  });

  app.get('/api/detailer/portfolio', (request) => getDetailerPortfolio(ctx.db, request.user));
  app.post('/api/detailer/portfolio', async (request, reply) => {
    requireRole(request.user, 'detailer');
    return reply.code(201).send(await publishPair(ctx, request.user, ctx.clock.now(), parse(publishPairSchema, request.body)));
  });
  app.delete('/api/detailer/portfolio/:id', async (request, reply) => {
    await unpublishPair(ctx.db, request.user, parse(portfolioIdParamsSchema, request.params).id);
    return reply.code(204).send();
  });
}
