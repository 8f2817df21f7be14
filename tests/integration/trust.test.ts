import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import type { BookingProof } from '@core/schemas/proof.ts';
import type { DetailerDocument, DetailerPortfolio, DetailerTrust, PortfolioPair } from '@core/schemas/trust.ts';
import { bookingEvents, notifications, services, users } from '../../server/db/schema.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { useUploadsTestApp } from '../factories/uploads-test-app.ts';
import { createTestClock, databaseKinds } from './test-app.ts';

const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
const booked = new Date('2026-11-23T16:00:00Z');
const hour = 3_600_000;

/** A 200 x 160 checkerboard of 4-pixel squares: sharp detail that a blur visibly removes. */
function checkerboard(): Promise<Buffer> {
  const width = 200;
  const height = 160;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      pixels.fill((Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? 255 : 0, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The spread of grey levels in the image's left half (where the tests blur): high for the checkerboard, low once blurred. */
async function leftHalfSpread(bytes: Buffer): Promise<number> {
  const { width, height } = await sharp(bytes).metadata();
  // stats() reads its input, not the pipeline's output: the half is cut out first.
  const half = await sharp(bytes)
    .extract({ left: 0, top: 0, width: Math.floor(width! / 2), height: height! })
    .greyscale()
    .png()
    .toBuffer();
  return (await sharp(half).stats()).channels[0]!.stdev;
}

/** Decision 050: a detailer's figures, badges from checked documents, and a portfolio only with the customer's Yes. */
describe.each(databaseKinds)('trust a customer can see on %s', (kind) => {
  const clock = createTestClock(booked);
  const t = useUploadsTestApp(kind, clock, booked);
  const { call } = t;
  /** Uploads the checkerboard unless told: a blur must visibly change the image. */
  const upload = async (user: UserRow, bytes?: Buffer) => t.upload(user, bytes ?? (await checkerboard()));

  const trustOf = async (detailerId: number) => {
    const response = await call(null, 'GET', `/api/detailers/${detailerId}/trust`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DetailerTrust;
  };

  /** A paid request to the detailer at `requestedAt`, answered (accept or decline) `waitHours` later. */
  async function answeredRequest(
    detailer: Awaited<ReturnType<typeof createDetailer>>,
    requestedAt: Date,
    waitHours: number,
    answer: 'accept' | 'decline',
    startsAt: Date,
  ) {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      startsAt,
    });
    clock.set(requestedAt);
    const intent = (await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
    expect(
      (await call(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: intent.clientSecret, card })).statusCode,
    ).toBe(200);
    clock.set(new Date(requestedAt.getTime() + waitHours * hour));
    const answered = await call(
      detailer.user,
      'POST',
      `/api/bookings/${booking.id}/${answer}`,
      answer === 'decline' ? { reason: 'Fully booked' } : undefined,
    );
    expect(answered.statusCode, answered.body).toBe(200);
    return { customer, booking };
  }

  it('shows jobs completed, member since, and a response time only from three answered requests in the last 90 days', async () => {
    const detailer = await createDetailer(t.ctx);
    await t.db
      .update(users)
      .set({ createdAt: new Date('2025-03-10T12:00:00Z') })
      .where(eq(users.id, detailer.user.id));
    expect(await trustOf(detailer.detailerId)).toEqual({
      jobsCompleted: 0,
      responseHours: null,
      memberSince: '2025-03',
      badges: [],
      portfolio: [],
    });

    const day = (n: number) => new Date(booked.getTime() + n * 24 * hour);
    // Long ago (written as its rows: a session would not last that long): outside the 90 days, so it does not count.
    const oldCustomer = await createCustomer(t.ctx, { password: undefined });
    const old = await createBooking(t.ctx, {
      customerId: oldCustomer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
      startsAt: day(30),
    });
    await t.db.insert(bookingEvents).values([
      {
        bookingId: old.id,
        action: 'authorize',
        fromStatus: 'pending_payment',
        toStatus: 'requested',
        createdAt: new Date('2026-06-01T16:00:00Z'),
      },
      { bookingId: old.id, action: 'accept', fromStatus: 'requested', toStatus: 'accepted', createdAt: new Date('2026-06-03T08:00:00Z') },
    ]);
    await answeredRequest(detailer, booked, 1, 'accept', day(31));
    await answeredRequest(detailer, booked, 5.5, 'decline', day(32));
    clock.set(booked);
    expect((await trustOf(detailer.detailerId)).responseHours).toBeNull();
    await answeredRequest(detailer, booked, 2.5, 'accept', day(33));
    clock.set(day(1));
    // Waits of 1, 2.5 and 5.5 hours: the median 2.5, said as 'within 3 hours'.
    expect((await trustOf(detailer.detailerId)).responseHours).toBe(3);

    const customer = await createCustomer(t.ctx, { password: undefined });
    await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'completed',
      startsAt: day(-3),
    });
    await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'cancelled',
      startsAt: day(-4),
    });
    expect((await trustOf(detailer.detailerId)).jobsCompleted).toBe(1);
    expect((await call(null, 'GET', '/api/detailers/999999/trust')).statusCode).toBe(404);
  });

  it('keeps documents private to their detailer and admins, and shows a granted badge until its expiry date', async () => {
    const detailer = await createDetailer(t.ctx, { timeZone: 'America/Los_Angeles' });
    const otherDetailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    const file = await upload(detailer.user);
    const submit = (user: UserRow | null, body: object) => call(user, 'POST', '/api/detailer/documents', body);

    expect((await submit(customer, { kind: 'insurance', uploadId: file.id, expiresOn: '2026-12-31' })).statusCode).toBe(403);
    expect((await submit(otherDetailer.user, { kind: 'insurance', uploadId: file.id, expiresOn: '2026-12-31' })).statusCode).toBe(400);
    const badDate = await submit(detailer.user, { kind: 'insurance', uploadId: file.id, expiresOn: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields).toHaveProperty('expiresOn');
    const sent = await submit(detailer.user, { kind: 'insurance', uploadId: file.id, expiresOn: '2026-12-31' });
    expect(sent.statusCode, sent.body).toBe(201);
    const document = sent.json() as DetailerDocument;
    expect(document).toMatchObject({ kind: 'insurance', status: 'pending', fileUrl: `/api/uploads/${file.id}`, expiresOn: '2026-12-31' });

    // The file: its detailer and admins only; everyone else 404, as if it did not exist.
    for (const [user, status] of [
      [detailer.user, 200],
      [t.admin, 200],
      [otherDetailer.user, 404],
      [customer, 404],
      [null, 404],
    ] as const) {
      expect((await call(user, 'GET', document.fileUrl)).statusCode, `file as ${user?.role ?? 'visitor'}`).toBe(status);
    }
    // The review list: admins only.
    expect((await call(detailer.user, 'GET', '/api/admin/documents')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/documents')).statusCode).toBe(401);
    const pending = (await call(t.admin, 'GET', '/api/admin/documents')).json() as DetailerDocument[];
    expect(pending.map((row) => row.id)).toContain(document.id);
    expect((await trustOf(detailer.detailerId)).badges).toEqual([]);
    // Admins are told there is a document to check; the detailer is told of each decision below.
    const noticesOf = async (user: UserRow) =>
      (await t.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id))).map((n) => `${n.title}: ${n.message}`);
    expect(await noticesOf(t.admin)).toContainEqual(
      expect.stringMatching(/^A document to check: .+ sent a document to check: Insurance certificate\./),
    );

    const decide = (user: UserRow, id: number, body: object) => call(user, 'POST', `/api/admin/documents/${id}/decision`, body);
    expect((await decide(detailer.user, document.id, { grant: true })).statusCode).toBe(403);
    expect((await decide(t.admin, document.id, { grant: false, reason: '' })).statusCode).toBe(400);
    expect((await decide(t.admin, 999999, { grant: true })).statusCode).toBe(404);
    const granted = await decide(t.admin, document.id, { grant: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await decide(t.admin, document.id, { grant: false, reason: 'Blurry' })).statusCode).toBe(409);
    expect(((await call(t.admin, 'GET', '/api/admin/documents')).json() as DetailerDocument[]).map((row) => row.id)).not.toContain(
      document.id,
    );

    expect((await trustOf(detailer.detailerId)).badges).toEqual([{ kind: 'insurance', label: 'Insured', expiresOn: '2026-12-31' }]);
    expect(await noticesOf(detailer.user)).toEqual([
      "Document accepted: Insurance certificate accepted: your page shows 'Insured' until Dec 31, 2026.",
    ]);
    // A refused document earns nothing and says why to its detailer.
    const licence = (
      await submit(detailer.user, { kind: 'business_licence', uploadId: (await upload(detailer.user)).id, expiresOn: '2027-06-30' })
    ).json() as DetailerDocument;
    expect((await decide(t.admin, licence.id, { grant: false, reason: 'The name does not match' })).statusCode).toBe(200);
    const own = (await call(detailer.user, 'GET', '/api/detailer/documents')).json() as DetailerDocument[];
    expect(own.find((row) => row.id === licence.id)).toMatchObject({ status: 'refused', reason: 'The name does not match' });
    expect(await noticesOf(detailer.user)).toContain('Document not accepted: Business licence not accepted: The name does not match');
    expect((await trustOf(detailer.detailerId)).badges.map((badge) => badge.kind)).toEqual(['insurance']);
    // The last day in Los Angeles still shows it; the next day it is gone, with no job run.
    clock.set(new Date('2027-01-01T07:59:00Z'));
    expect((await trustOf(detailer.detailerId)).badges).toHaveLength(1);
    clock.set(new Date('2027-01-01T08:00:00Z'));
    expect((await trustOf(detailer.detailerId)).badges).toEqual([]);
  });

  /** A completed job of a new detailer with one before and one after photo (checkerboards), paid and captured. */
  async function completedJob() {
    const detailer = await createDetailer(t.ctx);
    await t.db.update(services).set({ checklist: [] }).where(eq(services.id, detailer.serviceId));
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booking = await createBooking(t.ctx, { customerId: customer.id, detailerId: detailer.detailerId, serviceId: detailer.serviceId });
    const intent = (await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
    expect(
      (await call(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: intent.clientSecret, card })).statusCode,
    ).toBe(200);
    expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
    clock.set(booking.startsAt);
    const base = `/api/bookings/${booking.id}`;
    for (const action of ['start-route', 'start']) expect((await call(detailer.user, 'POST', `${base}/${action}`)).statusCode).toBe(200);
    for (const phase of ['before', 'after']) {
      const photo = await call(detailer.user, 'POST', `${base}/photos`, { uploadId: (await upload(detailer.user)).id, phase });
      expect(photo.statusCode, photo.body).toBe(201);
    }
    const completed = await call(detailer.user, 'POST', `${base}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    const proof = (await call(detailer.user, 'GET', `${base}/proof`)).json() as BookingProof;
    const [before, after] = proof.photos;
    return { detailer, customer, booking, base, before: before!, after: after! };
  }

  const image = async (user: UserRow | null, url: string) => {
    const response = await call(user, 'GET', url);
    return { status: response.statusCode, bytes: response.rawPayload };
  };

  it("never shows a portfolio photo without the customer's Yes, after a No, or unblurred when a blur was set", async () => {
    const { detailer, customer, base, before, after } = await completedJob();
    const publish = (body: object) => call(detailer.user, 'POST', '/api/detailer/portfolio', body);
    const pair = { beforePhotoId: before.id, afterPhotoId: after.id, afterBlur: { x: 0, y: 0, width: 0.5, height: 1 } };

    // Not asked yet: nothing can be published, and the originals are not public.
    expect((await publish(pair)).statusCode).toBe(409);
    expect((await call(detailer.user, 'GET', '/api/detailer/portfolio')).json()).toMatchObject({ jobs: [], published: [] });
    expect((await image(null, before.url)).status).toBe(404);
    expect((await image(null, after.url)).status).toBe(404);

    // Only the booking's customer answers: its detailer 403, a stranger 404.
    expect((await call(detailer.user, 'PUT', `${base}/portfolio-consent`, { allowed: true })).statusCode).toBe(403);
    expect(
      (await call(await createCustomer(t.ctx, { password: undefined }), 'PUT', `${base}/portfolio-consent`, { allowed: true })).statusCode,
    ).toBe(404);
    expect((await call(customer, 'PUT', `${base}/portfolio-consent`, {})).statusCode).toBe(400);
    expect((await call(customer, 'GET', `${base}/portfolio-consent`)).json()).toEqual({
      detailerName: expect.stringMatching(/^Detailing /),
      allowed: null,
    });

    // The customer says No: still nothing.
    expect((await call(customer, 'PUT', `${base}/portfolio-consent`, { allowed: false })).statusCode).toBe(200);
    expect((await publish(pair)).statusCode).toBe(409);
    expect((await trustOf(detailer.detailerId)).portfolio).toEqual([]);

    // Yes: the detailer sees the job, publishes the pair with the left half of the after photo blurred.
    expect((await call(customer, 'PUT', `${base}/portfolio-consent`, { allowed: true })).json()).toMatchObject({ allowed: true });
    const mine = (await call(detailer.user, 'GET', '/api/detailer/portfolio')).json() as DetailerPortfolio;
    expect(mine.jobs.map((job) => job.photos.map((photo) => photo.id))).toEqual([[before.id, after.id]]);
    const published = await publish(pair);
    expect(published.statusCode, published.body).toBe(201);
    const shown = published.json() as PortfolioPair;
    expect((await publish(pair)).statusCode).toBe(409);

    const { portfolio } = await trustOf(detailer.detailerId);
    expect(portfolio).toEqual([shown]);
    expect(shown).toMatchObject({ serviceName: expect.any(String), month: '2026-12' });
    // Copies, never the originals; the blurred copy has lost the checkerboard's detail where the blur was set.
    expect([shown.before.url, shown.after.url]).not.toContain(before.url);
    expect([shown.before.url, shown.after.url]).not.toContain(after.url);
    const publicBefore = await image(null, shown.before.url);
    const publicAfter = await image(null, shown.after.url);
    expect([publicBefore.status, publicAfter.status]).toEqual([200, 200]);
    const original = await image(detailer.user, after.url);
    expect(await leftHalfSpread(original.bytes)).toBeGreaterThan(100);
    expect(await leftHalfSpread(publicAfter.bytes)).toBeLessThan(40);
    expect(await leftHalfSpread(publicBefore.bytes)).toBeGreaterThan(100);
    // The originals stay private, even to a signed-in stranger.
    const stranger = await createCustomer(t.ctx, { password: undefined });
    for (const url of [before.url, after.url]) {
      expect((await image(null, url)).status).toBe(404);
      expect((await image(stranger, url)).status).toBe(404);
    }

    // No again: the pair leaves the portfolio at once, and its public files with it.
    expect((await call(customer, 'PUT', `${base}/portfolio-consent`, { allowed: false })).statusCode).toBe(200);
    expect((await trustOf(detailer.detailerId)).portfolio).toEqual([]);
    expect((await image(null, shown.before.url)).status).toBe(404);
    expect((await image(null, shown.after.url)).status).toBe(404);
    expect((await call(detailer.user, 'GET', '/api/detailer/portfolio')).json()).toMatchObject({ jobs: [], published: [] });
    // A later Yes does not bring the old pair back by itself: the detailer publishes again.
    expect((await call(customer, 'PUT', `${base}/portfolio-consent`, { allowed: true })).statusCode).toBe(200);
    expect((await trustOf(detailer.detailerId)).portfolio).toEqual([]);
  });

  it("refuses another detailer's photos, a before photo as the after one, and takes a pair down on the detailer's word", async () => {
    const { detailer, customer, base, before, after } = await completedJob();
    const other = await createDetailer(t.ctx);
    expect((await call(customer, 'PUT', `${base}/portfolio-consent`, { allowed: true })).statusCode).toBe(200);
    expect(
      (await call(other.user, 'POST', '/api/detailer/portfolio', { beforePhotoId: before.id, afterPhotoId: after.id })).statusCode,
    ).toBe(404);
    expect((await call(customer, 'POST', '/api/detailer/portfolio', { beforePhotoId: before.id, afterPhotoId: after.id })).statusCode).toBe(
      403,
    );
    expect(
      (await call(detailer.user, 'POST', '/api/detailer/portfolio', { beforePhotoId: after.id, afterPhotoId: after.id })).statusCode,
    ).toBe(400);
    const outside = await call(detailer.user, 'POST', '/api/detailer/portfolio', {
      beforePhotoId: before.id,
      afterPhotoId: after.id,
      beforeBlur: { x: 0.8, y: 0, width: 0.5, height: 1 },
    });
    expect(outside.statusCode).toBe(400);
    const shown = (
      await call(detailer.user, 'POST', '/api/detailer/portfolio', { beforePhotoId: before.id, afterPhotoId: after.id })
    ).json() as PortfolioPair;
    expect((await call(other.user, 'DELETE', `/api/detailer/portfolio/${shown.id}`)).statusCode).toBe(404);
    expect((await trustOf(detailer.detailerId)).portfolio).toHaveLength(1);
    expect((await call(detailer.user, 'DELETE', `/api/detailer/portfolio/${shown.id}`)).statusCode).toBe(204);
    expect((await trustOf(detailer.detailerId)).portfolio).toEqual([]);
    expect((await image(null, shown.after.url)).status).toBe(404);
  });
});
