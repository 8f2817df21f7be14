import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import type { DetailerMarketing, PromoCode } from '@core/schemas/promo-codes.ts';
import { bookings, detailerLedger, paymentIntents, payments, promoCodeRedemptions, promoCodes } from '../../server/db/schema.ts';
import { abandonLapsedHolds } from '../../server/bookings/booking-transitions.ts';
import { syncEarnings } from '../../server/business/earnings-sync.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import { createApiCaller } from '../factories/api-caller.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';
import { completeJob } from '../factories/job-day.ts';

const booked = new Date('2026-11-23T16:00:00Z');
const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
let codes = 0;
const newCode = (prefix = 'PROMO') => `${prefix}${Date.now().toString(36)}${++codes}`.toUpperCase();

/** Promo codes (issue 19): the admin's and detailers' codes, who may touch them, and a code on a booking. */
describe.each(databaseKinds)('promo codes on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { clock, paidBooking } = t;
  const api = createApiCaller(() => t, clock);

  const adminCode = async (body: object = {}) => {
    // Made 'now' at the time the bookings are made: a code starts when it is created unless told otherwise.
    clock.set(booked);
    const response = await api(t.admin, 'POST', '/api/admin/promo-codes', { code: newCode(), kind: 'percent', percentOff: 20, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as PromoCode;
  };
  /** A new customer's pending booking of a new detailer's $59.00 service (the clock at `booked`). */
  const pendingBooking = async (given: { detailer?: Awaited<ReturnType<typeof createDetailer>>; hour?: number } = {}) => {
    clock.set(booked);
    const detailer = given.detailer ?? (await createDetailer(t.ctx));
    const customer = await createCustomer(t.ctx, { password: undefined });
    const startsAt = new Date(Date.parse('2026-12-01T17:00:00Z') + (given.hour ?? 0) * 3_600_000);
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      startsAt,
    });
    return { detailer, customer, booking };
  };
  const apply = (user: { id: number } | null, bookingId: number, code: string) =>
    api(user, 'POST', `/api/bookings/${bookingId}/promo-code`, { code });
  const usesOf = async (id: number) => (await t.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0]!.usesCount;
  const redemptionsOf = (id: number) => t.db.select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.promoCodeId, id));

  it('lets an admin create, list, pause and resume codes; a taken code (any case) or bad input writes nothing', async () => {
    const made = await adminCode({ minOrderCents: 5000, maxUses: 10, maxUsesPerCustomer: 1, firstBookingOnly: true });
    expect(made).toMatchObject({ kind: 'percent', percentOff: 20, usesCount: 0, maxUses: 10, status: 'active', ownerDetailerId: null });
    const listed = (await api(t.admin, 'GET', '/api/admin/promo-codes')).json() as PromoCode[];
    expect(listed.map((c) => c.code)).toContain(made.code);
    expect((await api(t.admin, 'POST', `/api/admin/promo-codes/${made.id}/pause`)).json()).toMatchObject({ status: 'paused' });
    expect((await api(t.admin, 'POST', `/api/admin/promo-codes/${made.id}/resume`)).json()).toMatchObject({ status: 'active' });
    expect((await api(t.admin, 'POST', '/api/admin/promo-codes/999999/pause')).statusCode).toBe(404);

    const taken = await api(t.admin, 'POST', '/api/admin/promo-codes', {
      code: made.code.toLowerCase(),
      kind: 'fixed',
      amountOffCents: 500,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`The code ${made.code.toLowerCase()} is taken. Choose another code.`);
    const before = (await t.db.select().from(promoCodes)).length;
    for (const bad of [
      { code: 'ab', kind: 'percent', percentOff: 10 },
      { code: 'NEG', kind: 'fixed', amountOffCents: -500 },
      { code: 'HUNDRED1', kind: 'percent', percentOff: 101 },
      { code: 'DATES', kind: 'percent', percentOff: 10, startsAt: '2026-12-02T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' },
      { code: 'NOSUCHSVC', kind: 'percent', percentOff: 10, serviceIds: [999_999] },
    ]) {
      const response = await api(t.admin, 'POST', '/api/admin/promo-codes', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}).length, response.body).toBeGreaterThan(0);
    }
    expect((await t.db.select().from(promoCodes)).length).toBe(before);
  });

  it('refuses every admin route to customers, detailers and the signed-out, before reading the body', async () => {
    const made = await adminCode();
    const customer = await createCustomer(t.ctx, { password: undefined });
    const { user: detailer } = await createDetailer(t.ctx);
    const routes = [
      ['GET', '/api/admin/promo-codes'],
      ['GET', '/api/admin/promo-codes/options'],
      ['POST', '/api/admin/promo-codes'],
      ['POST', `/api/admin/promo-codes/${made.id}/pause`],
      ['POST', `/api/admin/promo-codes/${made.id}/resume`],
    ] as const;
    for (const [method, url] of routes) {
      for (const [user, status] of [
        [customer, 403],
        [detailer, 403],
        [null, 401],
      ] as const) {
        const body = method === 'POST' ? { code: newCode(), kind: 'percent', percentOff: 0 } : undefined;
        expect((await api(user, method, url, body)).statusCode, `${method} ${url} as ${user?.role ?? 'nobody'}`).toBe(status);
      }
    }
    expect(await usesOf(made.id)).toBe(0);
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, made.id));
    expect(row!.pausedAt).toBeNull();
  });

  it("lets a detailer make codes for their own services only, and never see or pause another's", async () => {
    const mine = await createDetailer(t.ctx);
    const theirs = await createDetailer(t.ctx);
    const created = await api(mine.user, 'POST', '/api/detailer/promo-codes', {
      code: newCode('MINE'),
      kind: 'fixed',
      amountOffCents: 1000,
      serviceIds: [mine.serviceId],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      ownerDetailerId: mine.detailerId,
      detailerIds: [mine.detailerId],
      serviceIds: [mine.serviceId],
    });
    const forOthers = await api(mine.user, 'POST', '/api/detailer/promo-codes', {
      code: newCode(),
      kind: 'percent',
      percentOff: 10,
      serviceIds: [theirs.serviceId],
    });
    expect(forOthers.statusCode).toBe(400);
    expect(forOthers.json().fields).toHaveProperty('serviceIds');
    const otherDetailer = await api(mine.user, 'POST', '/api/detailer/promo-codes', {
      code: newCode(),
      kind: 'percent',
      percentOff: 10,
      detailerIds: [theirs.detailerId],
    });
    expect(otherDetailer.statusCode).toBe(400);

    const theirCode = (
      await api(theirs.user, 'POST', '/api/detailer/promo-codes', { code: newCode('THEIRS'), kind: 'percent', percentOff: 10 })
    ).json() as PromoCode;
    expect(theirCode.detailerIds).toEqual([theirs.detailerId]);
    const page = (await api(mine.user, 'GET', '/api/detailer/promo-codes')).json() as DetailerMarketing;
    expect(page.codes.map((c) => c.code)).toEqual([created.json().code]);
    expect(page).toMatchObject({ profilePath: `/detailers/${mine.detailerId}`, services: [{ id: mine.serviceId }] });
    const admins = await adminCode();
    for (const id of [theirCode.id, admins.id]) {
      expect((await api(mine.user, 'POST', `/api/detailer/promo-codes/${id}/pause`)).statusCode).toBe(404);
    }
    expect((await api(mine.user, 'POST', `/api/detailer/promo-codes/${created.json().id}/pause`)).json()).toMatchObject({
      status: 'paused',
    });
    const customer = await createCustomer(t.ctx, { password: undefined });
    expect((await api(customer, 'GET', '/api/detailer/promo-codes')).statusCode).toBe(403);
    expect((await api(customer, 'POST', '/api/detailer/promo-codes', { code: newCode(), kind: 'percent', percentOff: 5 })).statusCode).toBe(
      403,
    );
    // A detailer's code is only for their services: another detailer's booking is refused.
    const elsewhere = await pendingBooking({ detailer: theirs });
    const refused = await apply(elsewhere.customer, elsewhere.booking.id, created.json().code);
    expect(refused.json().message).toBe('This code is paused');
    await api(mine.user, 'POST', `/api/detailer/promo-codes/${created.json().id}/resume`);
    expect((await apply(elsewhere.customer, elsewhere.booking.id, created.json().code)).json().message).toBe(
      'This code does not apply to this service',
    );
  });

  it('takes the discount off price and surcharge, taxes what is left, and refuses others and paid bookings', async () => {
    const made = await adminCode();
    const { customer, booking, detailer } = await pendingBooking();
    const applied = await apply(customer, booking.id, made.code.toLowerCase());
    expect(applied.statusCode, applied.body).toBe(200);
    // $59.00 - 20 % = $47.20; tax 8 % of that = $3.78; + $15.00 fee = $65.98.
    expect(applied.json() as Booking).toMatchObject({
      discountCents: 1180,
      taxCents: 378,
      totalCents: 6598,
      discountSource: 'promo_code',
      promoCode: made.code,
    });
    expect(await usesOf(made.id)).toBe(1);
    // Applying it again changes nothing.
    expect((await apply(customer, booking.id, made.code)).json()).toMatchObject({ totalCents: 6598 });
    expect(await usesOf(made.id)).toBe(1);

    const stranger = await createCustomer(t.ctx, { password: undefined });
    for (const user of [stranger, detailer.user, t.admin]) {
      expect((await apply(user, booking.id, made.code)).statusCode).toBe(404);
      expect((await api(user, 'DELETE', `/api/bookings/${booking.id}/promo-code`)).statusCode).toBe(404);
    }
    expect((await apply(null, booking.id, made.code)).statusCode).toBe(401);
    expect((await apply(customer, booking.id, 'x')).statusCode).toBe(400);
    expect((await apply(customer, booking.id, 'NOSUCHCODE1')).statusCode).toBe(404);

    const paid = await paidBooking();
    const late = await apply(paid.customer, paid.booking.id, made.code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This booking is no longer awaiting payment.');
    expect(await usesOf(made.id)).toBe(1);
  });

  it('says why a code does not apply', async () => {
    const { customer, booking } = await pendingBooking();
    const cases: [object, string][] = [
      [{ endsAt: '2026-11-23T15:00:00.000Z', startsAt: '2026-11-01T00:00:00.000Z' }, 'This code has expired'],
      [{ startsAt: '2026-11-30T00:00:00.000Z' }, 'This code is not active yet'],
      [{ minOrderCents: 10000 }, 'This code needs an order of at least $100.00'],
      [{ serviceIds: [(await createDetailer(t.ctx)).serviceId] }, 'This code does not apply to this service'],
    ];
    for (const [body, message] of cases) {
      const made = await adminCode(body);
      const response = await apply(customer, booking.id, made.code);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
      expect(await usesOf(made.id)).toBe(0);
    }
    const paused = await adminCode();
    await api(t.admin, 'POST', `/api/admin/promo-codes/${paused.id}/pause`);
    expect((await apply(customer, booking.id, paused.code)).json().message).toBe('This code is paused');

    const firstOnly = await adminCode({ firstBookingOnly: true });
    const returning = await paidBooking();
    const again = await createBooking(t.ctx, {
      customerId: returning.customer.id,
      detailerId: returning.detailer.detailerId,
      serviceId: returning.detailer.serviceId,
      startsAt: new Date('2026-12-03T17:00:00Z'),
    });
    expect((await apply(returning.customer, again.id, firstOnly.code)).json().message).toBe('This code is for first bookings only');
    expect((await apply(customer, booking.id, firstOnly.code)).statusCode).toBe(200);
  });

  it('charges the discounted total: the intent made at the old amount is cancelled and never paid', async () => {
    const made = await adminCode();
    const { customer, booking } = await pendingBooking();
    const before = (await api(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
    expect(before.amountCents).toBe(7872);
    expect((await apply(customer, booking.id, made.code)).statusCode).toBe(200);
    const stale = await api(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: before.clientSecret, card });
    expect(stale.statusCode).toBe(409);

    const after = (await api(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
    expect(after).toMatchObject({ amountCents: 6598, totalCents: 6598 });
    expect(after.clientSecret).not.toBe(before.clientSecret);
    const paid = await api(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: after.clientSecret, card });
    expect(paid.json()).toMatchObject({ status: 'requires_capture', amountCents: 6598 });
    const ledger = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(ledger.map((p) => [p.kind, p.amountCents])).toEqual([['authorize', 6598]]);
    const intents = await t.db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, booking.id));
    expect(intents.map((i) => i.status).sort()).toEqual(['canceled', 'requires_capture']);
    // Paid: the code stays counted, and the booking can no longer take it off.
    expect((await api(customer, 'DELETE', `/api/bookings/${booking.id}/promo-code`)).statusCode).toBe(409);
    expect(await usesOf(made.id)).toBe(1);
  });

  it('gives 10 of 50 concurrent customers the last 10 uses, exactly', async () => {
    const made = await adminCode({ maxUses: 12 });
    const detailer = await createDetailer(t.ctx);
    // Two uses already gone: 10 left.
    for (const hour of [0, 1]) {
      const { customer, booking } = await pendingBooking({ detailer, hour: 200 + hour });
      expect((await apply(customer, booking.id, made.code)).statusCode).toBe(200);
    }
    const people = [];
    for (let i = 0; i < 50; i++) people.push(await pendingBooking({ detailer, hour: i * 2 }));
    const answers = await Promise.all(people.map(({ customer, booking }) => apply(customer, booking.id, made.code)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('This code has been used up');
    expect(await usesOf(made.id)).toBe(12);
    expect(await redemptionsOf(made.id)).toHaveLength(12);
  });

  it("keeps one customer's concurrent applications within the per-customer limit", async () => {
    const made = await adminCode({ maxUsesPerCustomer: 2 });
    const detailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    const mine = [];
    for (let i = 0; i < 6; i++) {
      mine.push(
        await createBooking(t.ctx, {
          customerId: customer.id,
          detailerId: detailer.detailerId,
          serviceId: detailer.serviceId,
          startsAt: new Date(Date.parse('2026-12-01T17:00:00Z') + i * 7_200_000),
        }),
      );
    }
    const answers = await Promise.all(mine.map((booking) => apply(customer, booking.id, made.code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message)).toEqual(
      Array(4).fill('You have already used this code'),
    );
    expect(await usesOf(made.id)).toBe(2);
  });

  it("gives a first-booking code to one of a new customer's unpaid bookings only", async () => {
    // Security review: with no paid booking yet, each of a new customer's holds looked like their first booking.
    const firstOnly = await adminCode({ firstBookingOnly: true });
    const detailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    const holds = [];
    for (let i = 0; i < 3; i++) {
      holds.push(
        await createBooking(t.ctx, {
          customerId: customer.id,
          detailerId: detailer.detailerId,
          serviceId: detailer.serviceId,
          startsAt: new Date(Date.parse('2026-12-01T17:00:00Z') + i * 7_200_000),
        }),
      );
    }
    expect((await apply(customer, holds[0]!.id, firstOnly.code)).statusCode).toBe(200);
    for (const hold of holds.slice(1)) {
      const refused = await apply(customer, hold.id, firstOnly.code);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This code is for first bookings only');
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, hold.id));
      expect(row).toMatchObject({ discountCents: 0, totalCents: 7872, promoCodeId: null });
    }
    expect(await usesOf(firstOnly.id)).toBe(1);
    expect((await redemptionsOf(firstOnly.id)).map((r) => r.bookingId)).toEqual([holds[0]!.id]);

    // Taken off the first hold, the code may go on another one instead.
    await api(customer, 'DELETE', `/api/bookings/${holds[0]!.id}/promo-code`);
    expect((await apply(customer, holds[1]!.id, firstOnly.code)).statusCode).toBe(200);
  });

  it('gives the use back once when the code is removed, the hold lapses or the unpaid booking is cancelled', async () => {
    const made = await adminCode({ maxUses: 5 });
    const removed = await pendingBooking();
    await apply(removed.customer, removed.booking.id, made.code);
    expect(await usesOf(made.id)).toBe(1);
    const off = await api(removed.customer, 'DELETE', `/api/bookings/${removed.booking.id}/promo-code`);
    expect(off.json()).toMatchObject({ discountCents: 0, totalCents: 7872, promoCode: null });
    await api(removed.customer, 'DELETE', `/api/bookings/${removed.booking.id}/promo-code`);
    expect(await usesOf(made.id)).toBe(0);

    const lapsed = await pendingBooking({ hour: 3 });
    await apply(lapsed.customer, lapsed.booking.id, made.code);
    const cancelled = await pendingBooking({ hour: 6 });
    await apply(cancelled.customer, cancelled.booking.id, made.code);
    expect(await usesOf(made.id)).toBe(2);
    expect((await api(cancelled.customer, 'POST', `/api/bookings/${cancelled.booking.id}/cancel`, {})).statusCode).toBe(200);
    expect(await usesOf(made.id)).toBe(1);

    // The hold lapses: the expiry pass (run twice, as two instances would) gives the use back once.
    clock.set(new Date(lapsed.booking.holdExpiresAt!.getTime() + 1000));
    await Promise.all([abandonLapsedHolds(t.ctx, clock.now()), abandonLapsedHolds(t.ctx, clock.now())]);
    await abandonLapsedHolds(t.ctx, clock.now());
    expect(await usesOf(made.id)).toBe(0);
    expect(await redemptionsOf(made.id)).toEqual([]);
  });

  it("takes a detailer's own code off their earnings; the platform funds its own codes", async () => {
    clock.set(booked);
    const detailer = await createDetailer(t.ctx);
    const own = (
      await api(detailer.user, 'POST', '/api/detailer/promo-codes', { code: newCode('OWN'), kind: 'fixed', amountOffCents: 1000 })
    ).json() as PromoCode;
    const platform = await adminCode();
    const bookingOf: Record<string, number> = {};
    for (const [hour, code] of [
      [0, own.code],
      [3, platform.code],
    ] as const) {
      const { customer, booking } = await pendingBooking({ detailer, hour: 400 + hour });
      const applied = await apply(customer, booking.id, code);
      expect(applied.statusCode, applied.body).toBe(200);
      const intent = (await api(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
      expect(
        (await api(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: intent.clientSecret, card })).json(),
      ).toMatchObject({ status: 'requires_capture' });
      await completeJob({ ctx: t.ctx, clock, detailer: detailer.user, booking, post: (path) => api(detailer.user, 'POST', path) });
      bookingOf[code] = booking.id;
    }
    await syncEarnings(t.db, clock.now());
    const rows = await t.db.select().from(detailerLedger).where(eq(detailerLedger.detailerId, detailer.detailerId));
    const grossOf = (bookingId: number) => rows.find((r) => r.bookingId === bookingId && r.kind === 'job')?.grossCents;
    expect(grossOf(bookingOf[own.code]!)).toBe(4900);
    expect(grossOf(bookingOf[platform.code]!)).toBe(5900);
  });
});
