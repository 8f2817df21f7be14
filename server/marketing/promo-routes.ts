import type { FastifyInstance } from 'fastify';
import { applyPromoCodeSchema, bookingIdParamsSchema, promoCodeIdParamsSchema, promoCodeInputSchema } from '@core/schemas/promo-codes.ts';
import { parse } from '../http/validate.ts';
import { requireRole, requireUser } from '../identity/access.ts';
import { applyPromoCode, removePromoCode } from './promo-apply.ts';
import {
  createDetailerPromoCode,
  createPromoCode,
  getDetailerMarketing,
  listPromoCodes,
  promoCodeOptions,
  setDetailerPromoCodePaused,
  setPromoCodePaused,
} from './promo-code-service.ts';

/** Promo codes (issue 19): the admin's codes, a detailer's own codes, and a code on a booking's payment step. */
export async function promoCodeRoutes(app: FastifyInstance) {
  const now = () => app.ctx.clock.now();
  const codeId = (params: unknown) => parse(promoCodeIdParamsSchema, params).id;
  const bookingId = (params: unknown) => parse(bookingIdParamsSchema, params).id;

  app.get('/api/admin/promo-codes', (request) => listPromoCodes(app.ctx, request.user, now()));
  app.get('/api/admin/promo-codes/options', (request) => promoCodeOptions(app.ctx, request.user));
  // Who is asking is checked before the body is read: a customer's bad body is refused as a customer, not as a typo.
  app.post('/api/admin/promo-codes', async (request, reply) => {
    requireRole(request.user, 'admin');
    const code = await createPromoCode(app.ctx, request.user, now(), parse(promoCodeInputSchema, request.body));
    return reply.code(201).send(code);
  });
  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(`/api/admin/promo-codes/:id/${action}`, (request) => {
      requireRole(request.user, 'admin');
      return setPromoCodePaused(app.ctx, request.user, now(), codeId(request.params), paused);
    });
    app.post(`/api/detailer/promo-codes/:id/${action}`, (request) => {
      requireRole(request.user, 'detailer');
      return setDetailerPromoCodePaused(app.ctx, request.user, now(), codeId(request.params), paused);
    });
  }

  app.get('/api/detailer/promo-codes', (request) => getDetailerMarketing(app.ctx, request.user, now()));
  app.post('/api/detailer/promo-codes', async (request, reply) => {
    requireRole(request.user, 'detailer');
    const code = await createDetailerPromoCode(app.ctx, request.user, now(), parse(promoCodeInputSchema, request.body));
    return reply.code(201).send(code);
  });

  app.post('/api/bookings/:id/promo-code', (request) => {
    requireUser(request.user);
    return applyPromoCode(app.ctx, request.user, now(), bookingId(request.params), parse(applyPromoCodeSchema, request.body));
  });
  app.delete('/api/bookings/:id/promo-code', (request) => removePromoCode(app.ctx, request.user, now(), bookingId(request.params)));
}
