import { afterAll, beforeAll, expect } from 'vitest';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import type { bookings } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import { createCaller, createTestApp, createTestClock, type DatabaseKind, type TestApp } from '../integration/test-app.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from './index.ts';
import { completeJob } from './job-day.ts';

type TestDetailer = Awaited<ReturnType<typeof createDetailer>>;
type BookingOverrides = Partial<typeof bookings.$inferInsert>;

/** The test gateway's card that authorizes. */
const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };

/**
 * Bookings paid by card through the API, and taken to Complete, so the money tests do not each repeat the steps.
 * `app` is a getter (the app is made in beforeAll); `call` is the file's own signed-in caller; each booking is paid
 * with the clock set to `bookedAt`.
 */
export function paidBookingFactory(options: {
  app: () => TestApp;
  clock: ReturnType<typeof createTestClock>;
  call: ReturnType<typeof createCaller>['call'];
  bookedAt: Date;
}) {
  const { app, clock, call, bookedAt } = options;

  /**
   * A booking by a new customer, paid by card and authorized ($78.72 for the $59.00 service); a new detailer's unless
   * one is given. The clock is left at `bookedAt`.
   */
  async function paidBooking(given: { detailer?: TestDetailer; booking?: BookingOverrides } = {}) {
    clock.set(bookedAt);
    const detailer = given.detailer ?? (await createDetailer(app().ctx));
    const customer = await createCustomer(app().ctx, { password: undefined });
    const booking = await createBooking(app().ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      ...given.booking,
    });
    const intent = (await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
    const paid = await call(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: intent.clientSecret, card });
    expect(paid.json()).toMatchObject({ status: 'requires_capture' });
    return { detailer, customer, booking };
  }

  /**
   * A paid booking the detailer accepted, started and completed (with proof of service) through the API at its start
   * time: captured ($78.72 for the $59.00 service). The clock stays at completion.
   */
  async function completedPaidBooking(given: Parameters<typeof paidBooking>[0] = {}) {
    const paid = await paidBooking(given);
    const { detailer, booking } = paid;
    await completeJob({ ctx: app().ctx, clock, detailer: detailer.user, booking, post: (path) => call(detailer.user, 'POST', path) });
    return paid;
  }

  return { paidBooking, completedPaidBooking };
}

/**
 * The app of the money tests (claims, receipts, tips, refunds, earnings, payouts), set up and closed by the calling
 * describe block, with an admin, its clock (starting at `bookedAt`), a signed-in caller and paidBookingFactory's
 * steps, so that no file repeats that setup.
 */
export function usePaidBookingTestApp(kind: DatabaseKind, bookedAt: Date) {
  // Filled in place when the app is up, so the describe block can hold it from the start (as `t`).
  const t = {} as TestApp & { admin: UserRow };
  const clock = createTestClock(bookedAt);

  beforeAll(async () => {
    Object.assign(t, await createTestApp(kind, { clock }));
    t.admin = await createAdmin(t.ctx, { password: undefined });
  });
  afterAll(() => t.close());

  const { call } = createCaller(() => t, clock);
  return Object.assign(t, { clock, call, ...paidBookingFactory({ app: () => t, clock, call, bookedAt }) });
}
