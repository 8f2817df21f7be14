import type { FastifyInstance } from 'fastify';
import {
  changePlanSchema,
  membershipAuthenticateSchema,
  membershipIdParamsSchema,
  membershipPaymentMethodSchema,
  planIdParamsSchema,
  planInputSchema,
  subscribeSchema,
} from '@core/schemas/memberships.ts';
import { parse } from '../http/validate.ts';
import { billingWebhookPath, handleBillingWebhook } from './billing-webhook.ts';
import { cancelAtPeriodEnd, changePlan, resumeMembership } from './membership-changes.ts';
import { updatePaymentMethod } from './membership-payment-method.ts';
import { authenticateFirstCharge, getMyMembership, subscribe } from './membership-service.ts';
import { createPlan, listActivePlans, listAllPlans, updatePlan } from './plan-service.ts';

/** Membership plans, subscribing, My Subscription and Stripe Billing's webhook (issue 18, decision 022). */
export async function membershipRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const id = (params: unknown) => parse(membershipIdParamsSchema, params).id;

  app.get('/api/membership-plans', () => listActivePlans(ctx.db));

  app.get('/api/admin/membership-plans', (request) => listAllPlans(ctx.db, request.user));

  app.post('/api/admin/membership-plans', async (request, reply) => {
    const plan = await createPlan(ctx.db, request.user, ctx.clock.now(), parse(planInputSchema, request.body));
    return reply.code(201).send(plan);
  });

  app.put('/api/admin/membership-plans/:id', (request) =>
    updatePlan(ctx.db, request.user, ctx.clock.now(), parse(planIdParamsSchema, request.params).id, parse(planInputSchema, request.body)),
  );

  app.get('/api/memberships/me', (request) => getMyMembership(ctx, request.user));

  app.post('/api/memberships', async (request, reply) => {
    const started = await subscribe(ctx, request.user, ctx.clock.now(), parse(subscribeSchema, request.body));
    return reply.code(201).send(started);
  });

  app.post('/api/memberships/:id/authenticate', (request) =>
    authenticateFirstCharge(
      ctx,
      request.user,
      ctx.clock.now(),
      id(request.params),
      parse(membershipAuthenticateSchema, request.body).approve,
    ),
  );

  app.post('/api/memberships/:id/change-plan', (request) =>
    changePlan(ctx, request.user, ctx.clock.now(), id(request.params), parse(changePlanSchema, request.body).planId),
  );

  app.post('/api/memberships/:id/payment-method', (request) =>
    updatePaymentMethod(ctx, request.user, ctx.clock.now(), id(request.params), parse(membershipPaymentMethodSchema, request.body)),
  );

  app.post('/api/memberships/:id/cancel', (request) => cancelAtPeriodEnd(ctx, request.user, ctx.clock.now(), id(request.params)));

  app.post('/api/memberships/:id/resume', (request) => resumeMembership(ctx, request.user, ctx.clock.now(), id(request.params)));

  await app.register(async (webhook) => {
    // The signature covers the exact bytes: read raw, parsed only after verifying.
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(billingWebhookPath, (request) => {
      const signature = request.headers['stripe-signature'];
      return handleBillingWebhook(ctx, ctx.clock.now(), request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
    });
  });
}
