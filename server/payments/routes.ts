import type { FastifyInstance } from 'fastify';
import {
  addPaymentMethodSchema,
  authenticateTestPaymentSchema,
  bookingIdQuerySchema,
  confirmTestPaymentSchema,
  createPaymentIntentSchema,
  intentStatusQuerySchema,
  paymentMethodIdParamsSchema,
  refundBookingSchema,
} from '@core/schemas/payments.ts';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import { confirmWalletPaymentSchema } from '@core/schemas/one-tap.ts';
import {
  authenticateTestPayment,
  confirmTestPayment,
  confirmWalletPayment,
  createPaymentIntent,
  getBookingPaymentStatus,
  getIntentStatus,
  handleWebhook,
} from './payment-service.ts';
import { addSavedCard, listSavedCards, makeDefaultCard, removeSavedCard } from './saved-card-service.ts';
import { refundBooking } from './payment-refunds.ts';
import { getReceipt } from './receipt-service.ts';
import { authenticateTipPayment, confirmTipPayment, createTip, getBookingTip } from './tip-service.ts';
import { createTipSchema } from '@core/schemas/tip.ts';
import { parse } from '../http/validate.ts';

export const webhookPath = '/api/payments/webhook';

/**
 * Checkout (payment intents, the built-in gateway's card form, the status read-back), the gateway's webhooks,
 * saved cards (/payment-methods), admin refunds, tips and receipts: everything that talks to the one gateway of this app.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/create-payment-intent', (request) =>
    createPaymentIntent(ctx, request.user, ctx.clock.now(), parse(createPaymentIntentSchema, request.body)),
  );

  app.post('/api/payments/test-gateway/confirm', (request) =>
    confirmTestPayment(ctx, request.user, ctx.clock.now(), parse(confirmTestPaymentSchema, request.body)),
  );

  // Apple Pay, Google Pay or the test wallet: the same intent and the same checks as a card (decision 051).
  app.post('/api/payments/wallet/confirm', (request) =>
    confirmWalletPayment(ctx, request.user, ctx.clock.now(), parse(confirmWalletPaymentSchema, request.body)),
  );

  app.post('/api/payments/test-gateway/authenticate', (request) =>
    authenticateTestPayment(ctx, request.user, ctx.clock.now(), parse(authenticateTestPaymentSchema, request.body)),
  );

  app.get('/api/payments/intent-status', (request) =>
    getIntentStatus(ctx, request.user, ctx.clock.now(), parse(intentStatusQuerySchema, request.query).client_secret),
  );

  app.get('/api/payments/booking-status', (request) =>
    getBookingPaymentStatus(ctx.db, request.user, parse(bookingIdQuerySchema, request.query).bookingId),
  );

  app.get('/api/payment-methods', (request) => listSavedCards(ctx.db, request.user));

  app.post('/api/payment-methods', async (request, reply) => {
    const card = await addSavedCard(ctx, request.user, ctx.clock.now(), parse(addPaymentMethodSchema, request.body));
    return reply.code(201).send(card);
  });

  app.post('/api/payment-methods/:id/default', (request) =>
    makeDefaultCard(ctx.db, request.user, parse(paymentMethodIdParamsSchema, request.params).id),
  );

  app.delete('/api/payment-methods/:id', (request) =>
    removeSavedCard(ctx, request.user, parse(paymentMethodIdParamsSchema, request.params).id),
  );

  app.post('/api/admin/bookings/:id/refund', (request) =>
    refundBooking(
      ctx,
      request.user,
      ctx.clock.now(),
      parse(bookingIdParamsSchema, request.params).id,
      parse(refundBookingSchema, request.body ?? {}),
    ),
  );

  // Tips: their own intent, confirmed by the same card form as checkout (decision 020).
  app.post('/api/bookings/:id/tip', (request) =>
    createTip(ctx, request.user, ctx.clock.now(), parse(bookingIdParamsSchema, request.params).id, parse(createTipSchema, request.body)),
  );

  app.get('/api/bookings/:id/tip', (request) =>
    getBookingTip(ctx, request.user, ctx.clock.now(), parse(bookingIdParamsSchema, request.params).id),
  );

  app.post('/api/tips/test-gateway/confirm', (request) =>
    confirmTipPayment(ctx, request.user, ctx.clock.now(), parse(confirmTestPaymentSchema, request.body)),
  );

  app.post('/api/tips/test-gateway/authenticate', (request) =>
    authenticateTipPayment(ctx, request.user, ctx.clock.now(), parse(authenticateTestPaymentSchema, request.body)),
  );

  app.get('/api/bookings/:id/receipt', (request) => getReceipt(ctx.db, request.user, parse(bookingIdParamsSchema, request.params).id));

  await app.register(async (webhook) => {
    // The signature covers the exact bytes: this route reads the body raw and parses it only after verifying.
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(webhookPath, (request) => {
      const signature = request.headers['stripe-signature'];
      return handleWebhook(ctx, ctx.clock.now(), request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
    });
  });
}
