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
import { createPaymentGateway } from './gateways/index.ts';
import { TestGateway } from './gateways/test-gateway.ts';
import {
  authenticateTestPayment,
  confirmTestPayment,
  createPaymentIntent,
  getBookingPaymentStatus,
  getIntentStatus,
  handleWebhook,
  registerPaymentGateway,
} from './payment-service.ts';
import { addSavedCard, listSavedCards, removeSavedCard } from './saved-card-service.ts';
import { refundBooking } from './payment-refunds.ts';
import { parse } from '../http/validate.ts';

export const webhookPath = '/api/payments/webhook';

/**
 * Checkout (payment intents, the built-in gateway's card form, the status read-back), the gateway's webhooks,
 * saved cards (/payment-methods) and admin refunds: everything that talks to the one gateway of this app.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const gateway = await createPaymentGateway(app.config, app.clock, app.db);
  if (gateway instanceof TestGateway && app.config.NODE_ENV === 'production') {
    app.log.warn('PAYMENTS_GATEWAY=test in production: only test cards are taken and no real money moves');
  }
  registerPaymentGateway(app.db, gateway);
  if (gateway instanceof TestGateway) {
    // The built-in gateway posts its signed events to the same route Stripe's reach, through the whole HTTP stack.
    gateway.setDelivery(async (body, signatureHeader) => {
      const response = await app.inject({
        method: 'POST',
        url: webhookPath,
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader },
      });
      if (response.statusCode >= 400) throw new Error(`Webhook answered ${response.statusCode}: ${response.body}`);
    });
  }

  app.post('/api/create-payment-intent', (request) =>
    createPaymentIntent(app.db, gateway, request.user, app.clock.now(), parse(createPaymentIntentSchema, request.body)),
  );

  app.post('/api/payments/test-gateway/confirm', (request) =>
    confirmTestPayment(app.db, gateway, request.user, app.clock.now(), parse(confirmTestPaymentSchema, request.body)),
  );

  app.post('/api/payments/test-gateway/authenticate', (request) =>
    authenticateTestPayment(app.db, gateway, request.user, app.clock.now(), parse(authenticateTestPaymentSchema, request.body)),
  );

  app.get('/api/payments/intent-status', (request) =>
    getIntentStatus(app.db, gateway, request.user, app.clock.now(), parse(intentStatusQuerySchema, request.query).client_secret),
  );

  app.get('/api/payments/booking-status', (request) =>
    getBookingPaymentStatus(app.db, request.user, parse(bookingIdQuerySchema, request.query).bookingId),
  );

  app.get('/api/payment-methods', (request) => listSavedCards(app.db, request.user));

  app.post('/api/payment-methods', async (request, reply) => {
    const card = await addSavedCard(app.db, gateway, request.user, app.clock.now(), parse(addPaymentMethodSchema, request.body));
    return reply.code(201).send(card);
  });

  app.delete('/api/payment-methods/:id', (request) =>
    removeSavedCard(app.db, gateway, request.user, parse(paymentMethodIdParamsSchema, request.params).id),
  );

  app.post('/api/admin/bookings/:id/refund', (request) =>
    refundBooking(
      app.db,
      gateway,
      request.user,
      app.clock.now(),
      parse(bookingIdParamsSchema, request.params).id,
      parse(refundBookingSchema, request.body ?? {}),
    ),
  );

  await app.register(async (webhook) => {
    // The signature covers the exact bytes: this route reads the body raw and parses it only after verifying.
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(webhookPath, (request) => {
      const signature = request.headers['stripe-signature'];
      return handleWebhook(app.db, gateway, app.clock.now(), request.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
    });
  });
}
