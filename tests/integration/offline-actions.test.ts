import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import type { OfflineAction, OfflineActionResults } from '@core/schemas/offline-actions.ts';
import type { BookingProof } from '@core/schemas/proof.ts';
import { bookingEvents, bookings, offlineActions, services } from '../../server/db/schema.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import { customerCancelledMessage, timeFarOffMessage } from '../../server/proof/offline-actions.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { useUploadsTestApp } from '../factories/uploads-test-app.ts';
import { createTestClock, databaseKinds } from './test-app.ts';

const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
const booked = new Date('2026-11-23T16:00:00Z');
const checklist = ['Wheels and tyres cleaned', 'Windows streak-free'];
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

/** Decision 049: what a detailer did without signal, applied in order with its own times, once. */
describe.each(databaseKinds)('offline actions on %s', (kind) => {
  const clock = createTestClock(booked);
  const t = useUploadsTestApp(kind, clock, booked);
  const { call, upload } = t;

  /** A paid, accepted booking (on the way unless told otherwise) at its start time, its service with the checklist. */
  async function job({ onTheWay = true } = {}) {
    const detailer = await createDetailer(t.ctx);
    await t.db.update(services).set({ checklist }).where(eq(services.id, detailer.serviceId));
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booking = await createBooking(t.ctx, { customerId: customer.id, detailerId: detailer.detailerId, serviceId: detailer.serviceId });
    const intent = (await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
    await call(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: intent.clientSecret, card });
    expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
    clock.set(booking.startsAt);
    if (onTheWay) expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/start-route`)).statusCode).toBe(200);
    return { detailer, customer, booking, base: `/api/bookings/${booking.id}` };
  }

  const send = (user: UserRow, base: string, actions: OfflineAction[]) => call(user, 'POST', `${base}/offline-actions`, { actions });
  const results = async (user: UserRow, base: string, actions: OfflineAction[]) => {
    const response = await send(user, base, actions);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as OfflineActionResults).results;
  };
  const proofOf = async (user: UserRow, base: string) => (await call(user, 'GET', `${base}/proof`)).json() as BookingProof;

  /** Start, both ticks, a before and an after photo, Complete: done in the garage 10 to 40 minutes ago. */
  async function jobDoneOffline(detailer: UserRow, startedAt: Date): Promise<OfflineAction[]> {
    const [before, after] = [await upload(detailer), await upload(detailer)];
    const at = (n: number) => minutes(startedAt, n).toISOString();
    return [
      { kind: 'start', clientId: randomUUID(), doneAt: at(0) },
      { kind: 'photo', clientId: randomUUID(), doneAt: at(2), uploadId: before.id, phase: 'before' },
      { kind: 'checklist', clientId: randomUUID(), doneAt: at(10), position: 2, checked: true },
      { kind: 'checklist', clientId: randomUUID(), doneAt: at(12), position: 1, checked: true },
      { kind: 'photo', clientId: randomUUID(), doneAt: at(20), uploadId: after.id, phase: 'after' },
      { kind: 'complete', clientId: randomUUID(), doneAt: at(25) },
    ];
  }

  it('applies a batch in order with the times it was done on the phone, and a resend applies nothing twice', async () => {
    const { detailer, customer, booking, base } = await job();
    const startedAt = minutes(booking.startsAt, 5);
    const actions = await jobDoneOffline(detailer.user, startedAt);
    clock.set(minutes(startedAt, 60));

    const first = await results(detailer.user, base, actions);
    expect(first.map((r) => r.outcome)).toEqual(actions.map(() => 'applied'));
    expect(first.map((r) => (r.outcome === 'applied' ? r.appliedAt : r.reason))).toEqual(actions.map((a) => a.doneAt));

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'completed', completedAt: minutes(startedAt, 25) });
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id)).orderBy(bookingEvents.id);
    expect(events.slice(-2).map((e) => [e.action, e.createdAt.toISOString()])).toEqual([
      ['start', actions[0]!.doneAt],
      ['complete', actions[5]!.doneAt],
    ]);
    // The customer sees the photos in the detailer's order and each item with the time it was ticked on the phone.
    const proof = await proofOf(customer, base);
    expect(proof.photos.map((p) => [p.phase, p.createdAt])).toEqual([
      ['before', actions[1]!.doneAt],
      ['after', actions[4]!.doneAt],
    ]);
    expect(proof.checklist.map((i) => [i.label, i.checkedAt])).toEqual([
      [checklist[0], actions[3]!.doneAt],
      [checklist[1], actions[2]!.doneAt],
    ]);

    // The answer was lost: the phone sends the same batch again. Nothing is applied twice; the answers are the same.
    clock.set(minutes(startedAt, 70));
    expect(await results(detailer.user, base, actions)).toEqual(first);
    expect(await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id))).toHaveLength(events.length);
    expect((await proofOf(customer, base)).photos).toHaveLength(2);
    expect(await t.db.select().from(offlineActions).where(eq(offlineActions.bookingId, booking.id))).toHaveLength(actions.length);
  });

  it('refuses what the rules refuse with the reason (the customer cancelled meanwhile) and changes nothing', async () => {
    // The detailer opened the job online, then lost signal in the garage before On my way reached the server.
    const { detailer, customer, booking, base } = await job({ onTheWay: false });
    const actions = await jobDoneOffline(detailer.user, minutes(booking.startsAt, 5));
    // Before the detailer's phone is back online, the customer cancels the booking.
    clock.set(minutes(booking.startsAt, 30));
    const cancelled = await call(customer, 'POST', `${base}/cancel`, { confirmFee: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const eventsBefore = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));

    clock.set(minutes(booking.startsAt, 60));
    const answer = await results(detailer.user, base, actions);
    expect(answer).toEqual(actions.map((a) => ({ clientId: a.clientId, outcome: 'refused', reason: customerCancelledMessage })));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
    expect(await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id))).toHaveLength(eventsBefore.length);
    expect((await proofOf(detailer.user, base)).photos).toEqual([]);
    // Sent again, the same refusals, still nothing changed.
    expect(await results(detailer.user, base, actions)).toEqual(answer);
  });

  it('bounds the phone time: ahead a little is now, before the booking’s last event is raised to it, a day off is refused', async () => {
    const { detailer, booking, base } = await job();
    const now = minutes(booking.startsAt, 30);
    clock.set(now);
    const [onMyWay] = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id))
      .orderBy(bookingEvents.id)
      .then((rows) => rows.slice(-1));
    const farOff = { kind: 'start' as const, clientId: randomUUID(), doneAt: minutes(now, -25 * 60).toISOString() };
    const early = { kind: 'start' as const, clientId: randomUUID(), doneAt: minutes(onMyWay!.createdAt, -3).toISOString() };
    const ahead = { kind: 'checklist' as const, clientId: randomUUID(), doneAt: minutes(now, 1).toISOString(), position: 1, checked: true };
    const tooFarAhead = {
      kind: 'checklist' as const,
      clientId: randomUUID(),
      doneAt: minutes(now, 10).toISOString(),
      position: 2,
      checked: true,
    };
    expect(await results(detailer.user, base, [farOff, early, ahead, tooFarAhead])).toEqual([
      { clientId: farOff.clientId, outcome: 'refused', reason: timeFarOffMessage },
      { clientId: early.clientId, outcome: 'applied', appliedAt: onMyWay!.createdAt.toISOString() },
      { clientId: ahead.clientId, outcome: 'applied', appliedAt: now.toISOString() },
      { clientId: tooFarAhead.clientId, outcome: 'refused', reason: timeFarOffMessage },
    ]);
  });

  it('is for the booking’s detailer only: 404 for another detailer, 403 for its customer and admins, 400 for a bad batch', async () => {
    const { customer, detailer, booking, base } = await job();
    const other = await createDetailer(t.ctx);
    const start: OfflineAction[] = [{ kind: 'start', clientId: randomUUID(), doneAt: booking.startsAt.toISOString() }];
    expect((await send(other.user, base, start)).statusCode).toBe(404);
    expect((await send(customer, base, start)).statusCode).toBe(403);
    expect((await send(t.admin, base, start)).statusCode).toBe(403);
    expect((await call(null, 'POST', `${base}/offline-actions`, { actions: start })).statusCode).toBe(401);
    const tooMany = Array.from({ length: 51 }, () => ({ ...start[0]!, clientId: randomUUID() }));
    const refused = await send(detailer.user, base, tooMany);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('at most 50');
    expect((await send(detailer.user, base, [{ ...start[0]!, clientId: 'not-a-uuid' }])).statusCode).toBe(400);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('en_route');
    expect(await t.db.select().from(offlineActions).where(eq(offlineActions.bookingId, booking.id))).toEqual([]);
  });
});
