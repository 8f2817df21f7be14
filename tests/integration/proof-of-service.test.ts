import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Booking } from '@core/schemas/booking.ts';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import { completeNeedsProofMessage } from '@core/domain/proof.ts';
import type { BookingProof } from '@core/schemas/proof.ts';
import { bookingPhotos, bookings, payments, services } from '../../server/db/schema.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { useUploadsTestApp } from '../factories/uploads-test-app.ts';
import { createTestClock, databaseKinds } from './test-app.ts';

const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
const booked = new Date('2026-11-23T16:00:00Z');
const checklist = ['Wheels and tyres cleaned', 'Windows streak-free', 'Interior vacuumed'];

/** Decision 020, proof of service: photos and the checklist on the job, and Complete refused without them. */
describe.each(databaseKinds)('proof of service on %s', (kind) => {
  const clock = createTestClock(booked);
  const t = useUploadsTestApp(kind, clock, booked);
  const { call, cookieFor, upload } = t;
  const spies: MockInstance[] = [];
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });

  const patch = async (user: UserRow | null, url: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url, payload, headers: user ? { cookie: await cookieFor(user) } : {} });

  /** A paid booking of a new detailer whose service has the checklist, accepted; `to` walks it on, at its start time. */
  async function job(to: 'accepted' | 'en_route' | 'in_progress' = 'in_progress') {
    const detailer = await createDetailer(t.ctx);
    await t.db.update(services).set({ checklist }).where(eq(services.id, detailer.serviceId));
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booking = await createBooking(t.ctx, { customerId: customer.id, detailerId: detailer.detailerId, serviceId: detailer.serviceId });
    const intent = (await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
    expect(
      (await call(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: intent.clientSecret, card })).json(),
    ).toMatchObject({
      status: 'requires_capture',
    });
    expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
    clock.set(booking.startsAt);
    const moves = { accepted: [], en_route: ['start-route'], in_progress: ['start-route', 'start'] }[to];
    for (const action of moves) {
      const response = await call(detailer.user, 'POST', `/api/bookings/${booking.id}/${action}`);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    }
    const base = `/api/bookings/${booking.id}`;
    return { detailer, customer, booking, base };
  }

  const proofOf = async (user: UserRow, base: string) => {
    const response = await call(user, 'GET', `${base}/proof`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BookingProof;
  };
  const addPhoto = async (user: UserRow, base: string, phase: string, uploadId?: number) =>
    call(user, 'POST', `${base}/photos`, { uploadId: uploadId ?? (await upload(user)).id, phase });
  const tickAll = async (user: UserRow, base: string) => {
    for (const item of (await proofOf(user, base)).checklist)
      expect((await patch(user, `${base}/checklist/${item.id}`, { checked: true })).statusCode).toBe(200);
  };
  const statusOf = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const captures = async (id: number) =>
    t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.kind, 'capture')));

  it('copies the checklist at Start and shows the customer, the detailer and admins the same proof', async () => {
    const { detailer, customer, base } = await job();
    const asDetailer = await proofOf(detailer.user, base);
    expect(asDetailer).toMatchObject({
      photos: [],
      canEdit: true,
      missing: ['At least one after photo', ...checklist.map((label) => `Checklist: ${label}`)],
    });
    expect(asDetailer.checklist.map((item) => [item.label, item.checked, item.checkedAt])).toEqual(
      checklist.map((label) => [label, false, null]),
    );
    expect(await proofOf(customer, base)).toEqual({ ...asDetailer, canEdit: false });
    expect(await proofOf(t.admin, base)).toEqual({ ...asDetailer, canEdit: false });
  });

  it('refuses Complete (409, status unchanged, nothing captured) without an after photo, then with an item unticked; allows it with both', async () => {
    const { detailer, booking, base } = await job();
    const complete = () => call(detailer.user, 'POST', `${base}/complete`);

    await tickAll(detailer.user, base);
    expect((await addPhoto(detailer.user, base, 'before')).statusCode).toBe(201);
    const noAfter = await complete();
    expect(noAfter.statusCode).toBe(409);
    expect(noAfter.json()).toEqual({
      code: 'conflict',
      message: completeNeedsProofMessage,
      fields: { 'missing.0': 'At least one after photo' },
    });

    const [first] = (await proofOf(detailer.user, base)).checklist;
    expect((await patch(detailer.user, `${base}/checklist/${first!.id}`, { checked: false })).statusCode).toBe(200);
    expect((await addPhoto(detailer.user, base, 'after')).statusCode).toBe(201);
    const unticked = await complete();
    expect(unticked.statusCode).toBe(409);
    expect(unticked.json().fields).toEqual({ 'missing.0': 'Checklist: Wheels and tyres cleaned' });
    expect(await statusOf(booking.id)).toMatchObject({ status: 'in_progress', completedAt: null });
    expect(await captures(booking.id)).toEqual([]);

    expect((await patch(detailer.user, `${base}/checklist/${first!.id}`, { checked: true })).json().missing).toEqual([]);
    const done = await complete();
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as Booking).status).toBe('completed');
    expect(await statusOf(booking.id)).toMatchObject({ status: 'completed', completedAt: clock.now() });
    expect((await captures(booking.id)).map((row) => row.amountCents)).toEqual([booking.totalCents]);
    // Done: the proof is closed, and nothing is missing any more.
    expect(await proofOf(detailer.user, base)).toMatchObject({ canEdit: false, missing: [] });
    expect((await addPhoto(detailer.user, base, 'after')).statusCode).toBe(409);
  });

  it('keeps the checklist the job started with when the service is edited afterwards', async () => {
    const { detailer, base } = await job();
    await t.db
      .update(services)
      .set({ checklist: ['Something new'] })
      .where(eq(services.id, detailer.serviceId));
    expect((await proofOf(detailer.user, base)).checklist.map((item) => item.label)).toEqual(checklist);
  });

  it('gives a job started before checklists existed its copy on the first read, once', async () => {
    const detailer = await createDetailer(t.ctx);
    await t.db
      .update(services)
      .set({ checklist: ['Only item'] })
      .where(eq(services.id, detailer.serviceId));
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'in_progress',
    });
    const base = `/api/bookings/${booking.id}`;
    const [first, second] = await Promise.all([proofOf(customer, base), proofOf(detailer.user, base)]);
    expect(first.checklist.map((item) => item.label)).toEqual(['Only item']);
    expect(second.checklist).toEqual(first.checklist);
  });

  it("lets only the booking's detailer change the proof: another detailer and a stranger 404, the customer and an admin 403", async () => {
    const { detailer, customer, base } = await job();
    const otherDetailer = await createDetailer(t.ctx);
    const stranger = await createCustomer(t.ctx, { password: undefined });
    expect((await addPhoto(detailer.user, base, 'before')).statusCode).toBe(201);
    const [photo] = (await proofOf(detailer.user, base)).photos;
    const [item] = (await proofOf(detailer.user, base)).checklist;
    for (const [user, status] of [
      [otherDetailer.user, 404],
      [stranger, 404],
      [customer, 403],
      [t.admin, 403],
    ] as const) {
      if (status === 404) expect((await call(user, 'GET', `${base}/proof`)).statusCode).toBe(404);
      expect((await addPhoto(user, base, 'after')).statusCode).toBe(status);
      expect((await call(user, 'DELETE', `${base}/photos/${photo!.id}`)).statusCode).toBe(status);
      expect((await patch(user, `${base}/checklist/${item!.id}`, { checked: true })).statusCode).toBe(status);
    }
    expect((await call(null, 'GET', `${base}/proof`)).statusCode).toBe(401);
    const proof = await proofOf(detailer.user, base);
    expect(proof.photos).toEqual([photo]);
    expect(proof.checklist[0]!.checked).toBe(false);
  });

  it("refuses another user's upload (400 naming uploadId), the same upload twice (409) and a 13th photo of a phase (409)", async () => {
    const { detailer, customer, base } = await job();
    const customersUpload = await upload(customer);
    const refused = await addPhoto(detailer.user, base, 'after', customersUpload.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ uploadId: 'not an upload of yours' });

    const mine = await upload(detailer.user);
    expect((await addPhoto(detailer.user, base, 'after', mine.id)).statusCode).toBe(201);
    const replay = await addPhoto(detailer.user, base, 'after', mine.id);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe('This photo is already attached to a job');
    for (let n = 2; n <= 12; n++) expect((await addPhoto(detailer.user, base, 'after')).statusCode).toBe(201);
    const thirteenth = await addPhoto(detailer.user, base, 'after');
    expect(thirteenth.statusCode).toBe(409);
    expect(thirteenth.json().message).toBe('A job has at most 12 after photos: remove one to add another');
    expect((await addPhoto(detailer.user, base, 'before')).statusCode).toBe(201);
    expect((await proofOf(detailer.user, base)).photos).toHaveLength(13);
  });

  it('answers 400 naming the field for bad input, changing nothing', async () => {
    const { detailer, base } = await job();
    const mine = await upload(detailer.user);
    const during = await addPhoto(detailer.user, base, 'during', mine.id);
    expect(during.statusCode).toBe(400);
    expect(during.json().fields).toEqual({ phase: "phase must be 'before' or 'after'" });
    expect((await call(detailer.user, 'POST', `${base}/photos`, { phase: 'after' })).json().fields).toEqual({
      uploadId: 'uploadId is required',
    });
    const [item] = (await proofOf(detailer.user, base)).checklist;
    const notBoolean = await patch(detailer.user, `${base}/checklist/${item!.id}`, { checked: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().fields).toEqual({ checked: 'checked must be true or false' });
    expect((await call(detailer.user, 'DELETE', `${base}/photos/abc`)).statusCode).toBe(400);
    expect((await call(detailer.user, 'DELETE', `${base}/photos/999999`)).statusCode).toBe(404);
    expect((await patch(detailer.user, `${base}/checklist/999999`, { checked: true })).statusCode).toBe(404);
    const proof = await proofOf(detailer.user, base);
    expect({ photos: proof.photos, ticked: proof.checklist.filter((i) => i.checked) }).toEqual({ photos: [], ticked: [] });
  });

  it('takes photos only on the way or in progress, and ticks only in progress', async () => {
    const accepted = await job('accepted');
    const early = await addPhoto(accepted.detailer.user, accepted.base, 'before');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Photos can be added or removed only while the job is on the way or in progress');
    expect((await proofOf(accepted.detailer.user, accepted.base)).canEdit).toBe(false);

    clock.set(booked);
    const onTheWay = await job('en_route');
    expect((await addPhoto(onTheWay.detailer.user, onTheWay.base, 'before')).statusCode).toBe(201);
    // The checklist comes with Start.
    expect(await proofOf(onTheWay.detailer.user, onTheWay.base)).toMatchObject({
      canEdit: true,
      checklist: [],
      missing: ['At least one after photo'],
    });
  });

  it('removes a photo, and ticking twice keeps the first time', async () => {
    const { detailer, base } = await job();
    expect((await addPhoto(detailer.user, base, 'after')).statusCode).toBe(201);
    const [photo] = (await proofOf(detailer.user, base)).photos;
    const removed = await call(detailer.user, 'DELETE', `${base}/photos/${photo!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as BookingProof).photos).toEqual([]);
    expect((await call(detailer.user, 'DELETE', `${base}/photos/${photo!.id}`)).statusCode).toBe(404);

    const [item] = (await proofOf(detailer.user, base)).checklist;
    const first = (await patch(detailer.user, `${base}/checklist/${item!.id}`, { checked: true })).json() as BookingProof;
    clock.advance(60_000);
    const again = (await patch(detailer.user, `${base}/checklist/${item!.id}`, { checked: true })).json() as BookingProof;
    expect(again.checklist[0]!.checkedAt).toBe(first.checklist[0]!.checkedAt);
  });

  it("tells the booking's screens after each change, and not after a refused one", async () => {
    const { detailer, customer, booking, base } = await job();
    const changes = vi.spyOn(t.ctx as { publishChange: typeof t.ctx.publishChange }, 'publishChange');
    spies.push(changes);
    expect((await addPhoto(customer, base, 'after')).statusCode).toBe(403);
    expect(changes).not.toHaveBeenCalled();
    expect((await addPhoto(detailer.user, base, 'after')).statusCode).toBe(201);
    const [item] = (await proofOf(detailer.user, base)).checklist;
    await patch(detailer.user, `${base}/checklist/${item!.id}`, { checked: true });
    expect(changes).toHaveBeenCalledTimes(2);
    expect(changes.mock.calls[0]![0]).toEqual({ topic: 'booking', id: booking.id });
    expect(changes.mock.calls[0]![1].userIds).toEqual([customer.id, detailer.user.id]);
  });

  it("shows a job's photo to its customer and detailer, never to a stranger", async () => {
    const { detailer, customer, base } = await job();
    const stranger = await createCustomer(t.ctx, { password: undefined });
    expect((await addPhoto(detailer.user, base, 'before')).statusCode).toBe(201);
    const [photo] = (await proofOf(customer, base)).photos;
    expect((await call(customer, 'GET', photo!.url)).statusCode).toBe(200);
    expect((await call(detailer.user, 'GET', photo!.url)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', photo!.url)).statusCode).toBe(404);
    expect((await call(null, 'GET', photo!.url)).statusCode).toBe(404);
  });

  it('a photo removed while Complete runs never leaves a completed job without its after photo', async () => {
    const { detailer, booking, base } = await job();
    await tickAll(detailer.user, base);
    expect((await addPhoto(detailer.user, base, 'after')).statusCode).toBe(201);
    const [photo] = (await proofOf(detailer.user, base)).photos;
    const [completed, removed] = await Promise.all([
      call(detailer.user, 'POST', `${base}/complete`),
      call(detailer.user, 'DELETE', `${base}/photos/${photo!.id}`),
    ]);
    // One of the two wins, whichever order the database took them in; never both.
    expect([completed.statusCode, removed.statusCode].sort()).toEqual([200, 409]);
    const after = await t.db.select().from(bookingPhotos).where(eq(bookingPhotos.bookingId, booking.id));
    expect((await statusOf(booking.id)).status).toBe(completed.statusCode === 200 ? 'completed' : 'in_progress');
    expect(after).toHaveLength(completed.statusCode === 200 ? 1 : 0);
  });
});
