import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BookingReviews, DetailerReviewsPage, Review } from '@core/schemas/review.ts';
import { bookingReminders, detailers, notifications, reviews } from '../../server/db/schema.ts';
import { runReviewJob } from '../../server/reviews/review-reminders-job.ts';
import { ratingFinalMessage } from '../../server/reviews/review-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

const hour = 3_600_000;
const day = 24 * hour;
const base = new Date('2026-11-23T16:00:00Z');

describe.each(databaseKinds)('reviews on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(base);
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(() => t?.close());
  beforeEach(() => clock.set(base));

  async function call(user: { id: number } | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    let cookie = user ? cookies.get(user.id) : undefined;
    if (user && !cookie) {
      // Sessions made at the base time stay valid for every clock move below (30 days).
      cookie = await signedInCookie(t.db, user, base);
      cookies.set(user.id, cookie);
    }
    return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  }

  /** A booking completed an hour before the base time (the proof-of-service path is another part's; set directly). */
  async function completedJob(options: { status?: 'completed' | 'accepted' | 'pending_payment'; completedAt?: Date } = {}) {
    const customer = await createCustomer(t.ctx, { password: undefined, name: 'Casey Morgan' });
    const detailer = await createDetailer(t.ctx);
    const status = options.status ?? 'completed';
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status,
      startsAt: new Date(base.getTime() - 3 * hour),
      completedAt: status === 'completed' ? (options.completedAt ?? new Date(base.getTime() - hour)) : null,
    });
    return { customer, detailer, booking };
  }

  const review = (user: { id: number } | null, bookingId: number, payload: object = { rating: 5, body: 'Spotless, thank you!' }) =>
    call(user, 'POST', `/api/bookings/${bookingId}/reviews`, payload);
  const bookingReviews = async (user: { id: number }, bookingId: number) => {
    const response = await call(user, 'GET', `/api/bookings/${bookingId}/reviews`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BookingReviews;
  };
  const ratingOf = async (detailerId: number) => {
    const [row] = await t.db
      .select({ rating: detailers.rating, reviewCount: detailers.reviewCount })
      .from(detailers)
      .where(eq(detailers.id, detailerId));
    return row!;
  };
  const reviewNotices = (userId: number) =>
    t.db
      .select({ title: notifications.title, entityId: notifications.entityId })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'review')))
      .orderBy(notifications.id);

  it('is blind: neither side sees the other until both have reviewed, then both are published and the rating recomputed', async () => {
    const { customer, detailer, booking } = await completedJob();
    const bystander = await createCustomer(t.ctx, { password: undefined });
    const admin = await createAdmin(t.ctx, { password: undefined });
    expect(await ratingOf(detailer.detailerId)).toEqual({ rating: 4.5, reviewCount: 10 });

    const first = await review(customer, booking.id, { rating: 1, body: 'Missed the wheels.' });
    expect(first.statusCode, first.body).toBe(201);
    const customerReview = first.json() as Review;
    expect(customerReview).toMatchObject({ authorRole: 'customer', rating: 1, publishedAt: null, isMine: true, canEdit: true });

    // Only the author sees it: not the detailer, not an admin, not a visitor, not the detailer's public list.
    for (const viewer of [detailer.user, admin, bystander, null]) {
      expect((await call(viewer, 'GET', `/api/reviews/${customerReview.id}`)).statusCode).toBe(404);
    }
    const detailerView = await bookingReviews(detailer.user, booking.id);
    expect(detailerView).toMatchObject({ side: 'detailer', mine: null, theirs: null, published: [], canReview: true, isWindowOpen: true });
    expect((await bookingReviews(customer, booking.id)).theirs).toBeNull();
    const list = (await call(null, 'GET', `/api/detailers/${detailer.detailerId}/reviews`)).json() as DetailerReviewsPage;
    expect(list.reviews).toEqual([]);
    expect(await ratingOf(detailer.detailerId)).toEqual({ rating: 4.5, reviewCount: 10 });

    const second = await review(detailer.user, booking.id, { rating: 5, body: 'Friendly and on time.' });
    expect(second.statusCode, second.body).toBe(201);
    const detailerReview = second.json() as Review;
    expect(detailerReview.publishedAt).toBe(base.toISOString());

    // (4.5 x 10 + 1) / 11 = 4.18 -> 4.2, in the transaction that published.
    expect(await ratingOf(detailer.detailerId)).toEqual({ rating: 4.2, reviewCount: 11 });
    const customerView = await bookingReviews(customer, booking.id);
    expect(customerView.theirs).toMatchObject({ id: detailerReview.id, authorRole: 'detailer', rating: 5 });
    expect(customerView.mine!.publishedAt).toBe(base.toISOString());
    expect((await bookingReviews(detailer.user, booking.id)).theirs).toMatchObject({ id: customerReview.id, canReply: true });

    // The customer's review is public, signed with first name and last initial; the detailer's is for the two sides.
    const visitorView = await call(null, 'GET', `/api/reviews/${customerReview.id}`);
    expect(visitorView.statusCode).toBe(200);
    expect(visitorView.json()).toMatchObject({
      authorName: 'Casey M.',
      serviceName: expect.stringContaining('Wash'),
      canReply: false,
      canEdit: false,
    });
    expect((await call(null, 'GET', `/api/reviews/${detailerReview.id}`)).statusCode).toBe(404);
    expect((await call(bystander, 'GET', `/api/reviews/${detailerReview.id}`)).statusCode).toBe(404);
    expect((await call(customer, 'GET', `/api/reviews/${detailerReview.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/reviews/${detailerReview.id}`)).statusCode).toBe(200);
    const published = (await call(null, 'GET', `/api/detailers/${detailer.detailerId}/reviews`)).json() as DetailerReviewsPage;
    expect(published).toMatchObject({ rating: 4.2, reviewCount: 11, nextCursor: null });
    expect(published.reviews.map((r) => r.id)).toEqual([customerReview.id]);

    // Each side hears of the review of them, linking to it.
    expect(await reviewNotices(detailer.user.id)).toEqual([{ title: 'New review', entityId: String(customerReview.id) }]);
    expect(await reviewNotices(customer.id)).toEqual([{ title: 'New review', entityId: String(detailerReview.id) }]);
  });

  it('takes one review per side: a second one is 409 and changes nothing', async () => {
    const { customer, booking } = await completedJob();
    expect((await review(customer, booking.id, { rating: 4 })).statusCode).toBe(201);
    const again = await review(customer, booking.id, { rating: 1, body: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this booking.');
    const rows = await t.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
    expect(rows.map((r) => [r.authorRole, r.rating, r.body])).toEqual([['customer', 4, '']]);
  });

  it('refuses anyone not a side (404), a signed-out caller (401) and bad input (400 naming the field)', async () => {
    const { booking } = await completedJob();
    const otherCustomer = await createCustomer(t.ctx, { password: undefined });
    const otherDetailer = await createDetailer(t.ctx);
    const admin = await createAdmin(t.ctx, { password: undefined });
    for (const stranger of [otherCustomer, otherDetailer.user, admin]) {
      expect((await review(stranger, booking.id)).statusCode).toBe(404);
    }
    expect((await call(otherCustomer, 'GET', `/api/bookings/${booking.id}/reviews`)).statusCode).toBe(404);
    expect((await review(null, booking.id)).statusCode).toBe(401);
    expect((await review(otherCustomer, 999_999)).statusCode).toBe(404);

    const { customer, booking: mine } = await completedJob();
    for (const [payload, field] of [
      [{ rating: 6 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ body: 'No stars' }, 'rating'],
      [{ rating: 5, body: 'x'.repeat(2001) }, 'body'],
      [{ rating: 5, body: 'bad\u0000byte' }, 'body'],
    ] as const) {
      const response = await review(customer, mine.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.bookingId, mine.id))).toEqual([]);
  });

  it('takes reviews only of a completed booking (409), and not from a detailer who never saw the booking (404)', async () => {
    const accepted = await completedJob({ status: 'accepted' });
    const refused = await review(accepted.customer, accepted.booking.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a completed booking can be reviewed.');
    expect((await review(accepted.detailer.user, accepted.booking.id)).statusCode).toBe(409);
    expect((await bookingReviews(accepted.customer, accepted.booking.id)).canReview).toBe(false);

    const unpaid = await completedJob({ status: 'pending_payment' });
    expect((await review(unpaid.detailer.user, unpaid.booking.id)).statusCode).toBe(404);
  });

  it('publishes a lone review when the window closes, once, and refuses reviews after it', async () => {
    const { customer, detailer, booking } = await completedJob();
    const written = (await review(customer, booking.id, { rating: 1 })).json() as Review;
    const closesAt = new Date(booking.completedAt!.getTime() + 14 * day);

    clock.set(new Date(closesAt.getTime() - 1));
    expect((await runReviewJob(t.ctx, clock.now())).published).toBe(0);
    expect((await call(detailer.user, 'GET', `/api/reviews/${written.id}`)).statusCode).toBe(404);

    clock.set(closesAt);
    const late = await review(detailer.user, booking.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Reviews close 14 days after the job is completed.');
    // Other tests' lone reviews (same database, same clock) close now too.
    expect((await runReviewJob(t.ctx, clock.now())).published).toBeGreaterThanOrEqual(1);
    expect((await runReviewJob(t.ctx, clock.now())).published).toBe(0);

    const publicView = await call(null, 'GET', `/api/reviews/${written.id}`);
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json().publishedAt).toBe(closesAt.toISOString());
    expect(await ratingOf(detailer.detailerId)).toEqual({ rating: 4.2, reviewCount: 11 });
    expect(await reviewNotices(detailer.user.id)).toContainEqual({ title: 'New review', entityId: String(written.id) });
    expect(await bookingReviews(detailer.user, booking.id)).toMatchObject({
      canReview: false,
      isWindowOpen: false,
      theirs: { id: written.id },
    });
  });

  it('lets the author edit for 24 hours, nobody else, and not once hidden; once both are published the rating is final', async () => {
    const { customer, detailer, booking } = await completedJob();
    const admin = await createAdmin(t.ctx, { password: undefined });
    const mine = (await review(customer, booking.id, { rating: 5 })).json() as Review;
    // Still blind (the detailer has not reviewed): the author may change their mind about the rating.
    const rethought = await call(customer, 'PATCH', `/api/reviews/${mine.id}`, { rating: 4 });
    expect(rethought.statusCode, rethought.body).toBe(200);
    expect(rethought.json()).toMatchObject({ rating: 4, publishedAt: null });
    await review(detailer.user, booking.id, { rating: 5 });
    const published = await ratingOf(detailer.detailerId);
    expect(published.reviewCount).toBe(11);

    expect((await call(detailer.user, 'PATCH', `/api/reviews/${mine.id}`, { rating: 1 })).statusCode).toBe(404);
    expect((await call(admin, 'PATCH', `/api/reviews/${mine.id}`, { rating: 1 })).statusCode).toBe(404);
    const empty = await call(customer, 'PATCH', `/api/reviews/${mine.id}`, {});
    expect(empty.statusCode).toBe(400);

    // Both published: each side has read the other's, so the rating can no longer be rewritten in answer to it.
    clock.set(new Date(base.getTime() + 24 * hour - 1));
    const rewritten = await call(customer, 'PATCH', `/api/reviews/${mine.id}`, { rating: 1, body: 'Streaks everywhere, sadly.' });
    expect(rewritten.statusCode).toBe(409);
    expect(rewritten.json()).toMatchObject({ message: ratingFinalMessage, fields: { rating: ratingFinalMessage } });
    // The text may still be corrected within the window: the same rating with it is fine; the review is marked edited.
    const corrected = await call(customer, 'PATCH', `/api/reviews/${mine.id}`, { rating: 4, body: 'Spotless, thank you! (Fixed a typo.)' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const after = corrected.json() as Review;
    expect(after).toMatchObject({ rating: 4, body: 'Spotless, thank you! (Fixed a typo.)' });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(after.createdAt).getTime());
    expect(await ratingOf(detailer.detailerId)).toEqual(published);

    clock.set(new Date(base.getTime() + 24 * hour));
    const late = await call(customer, 'PATCH', `/api/reviews/${mine.id}`, { body: 'Later thoughts' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A review can be edited for 24 hours after it is written.');
    expect(await ratingOf(detailer.detailerId)).toEqual(published);
  });

  it('lets the reviewed detailer reply once, to a published customer review only', async () => {
    const { customer, detailer, booking } = await completedJob();
    const otherDetailer = await createDetailer(t.ctx);
    const customerReview = (await review(customer, booking.id)).json() as Review;
    expect((await call(detailer.user, 'POST', `/api/reviews/${customerReview.id}/reply`, { body: 'Thanks!' })).statusCode).toBe(404);
    const detailerReview = (await review(detailer.user, booking.id)).json() as Review;

    expect((await call(detailer.user, 'POST', `/api/reviews/${customerReview.id}/reply`, { body: '  ' })).statusCode).toBe(400);
    expect((await call(otherDetailer.user, 'POST', `/api/reviews/${customerReview.id}/reply`, { body: 'Hi' })).statusCode).toBe(404);
    expect((await call(customer, 'POST', `/api/reviews/${customerReview.id}/reply`, { body: 'Hi' })).statusCode).toBe(404);
    expect((await call(detailer.user, 'POST', `/api/reviews/${detailerReview.id}/reply`, { body: 'Hi' })).statusCode).toBe(404);

    const replied = await call(detailer.user, 'POST', `/api/reviews/${customerReview.id}/reply`, { body: 'Thank you, Casey!' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ reply: 'Thank you, Casey!', canReply: false });
    const again = await call(detailer.user, 'POST', `/api/reviews/${customerReview.id}/reply`, { body: 'And again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already replied to this review.');
    expect((await call(null, 'GET', `/api/reviews/${customerReview.id}`)).json().reply).toBe('Thank you, Casey!');
  });

  it('lets only admins hide a review, with the reason kept, out of the rating and the public list, and show it again', async () => {
    const { customer, detailer, booking } = await completedJob();
    const admin = await createAdmin(t.ctx, { password: undefined });
    const mine = (await review(customer, booking.id, { rating: 1, body: 'Rude words here' })).json() as Review;
    await review(detailer.user, booking.id, { rating: 5 });
    expect(await ratingOf(detailer.detailerId)).toEqual({ rating: 4.2, reviewCount: 11 });

    expect((await call(customer, 'POST', `/api/admin/reviews/${mine.id}/hide`, { reason: 'Abusive language' })).statusCode).toBe(403);
    expect((await call(detailer.user, 'POST', `/api/admin/reviews/${mine.id}/hide`, { reason: 'Abusive language' })).statusCode).toBe(403);
    const short = await call(admin, 'POST', `/api/admin/reviews/${mine.id}/hide`, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('reason');

    const hidden = await call(admin, 'POST', `/api/admin/reviews/${mine.id}/hide`, { reason: 'Abusive language' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ isHidden: true, hiddenReason: 'Abusive language' });
    expect((await call(admin, 'POST', `/api/admin/reviews/${mine.id}/hide`, { reason: 'Twice' })).statusCode).toBe(409);
    expect(await ratingOf(detailer.detailerId)).toEqual({ rating: 4.5, reviewCount: 10 });
    expect((await call(null, 'GET', `/api/reviews/${mine.id}`)).statusCode).toBe(404);
    expect((await call(detailer.user, 'GET', `/api/reviews/${mine.id}`)).statusCode).toBe(404);
    expect((await call(customer, 'GET', `/api/reviews/${mine.id}`)).json()).toMatchObject({
      isHidden: true,
      hiddenReason: 'Abusive language',
      canEdit: false,
    });
    expect(((await call(null, 'GET', `/api/detailers/${detailer.detailerId}/reviews`)).json() as DetailerReviewsPage).reviews).toEqual([]);
    expect((await call(customer, 'PATCH', `/api/reviews/${mine.id}`, { rating: 2 })).statusCode).toBe(409);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, mine.id));
    expect(row).toMatchObject({ hiddenReason: 'Abusive language', hiddenByUserId: admin.id });

    expect((await call(customer, 'POST', `/api/admin/reviews/${mine.id}/unhide`)).statusCode).toBe(403);
    const shown = await call(admin, 'POST', `/api/admin/reviews/${mine.id}/unhide`);
    expect(shown.statusCode).toBe(200);
    expect(await ratingOf(detailer.detailerId)).toEqual({ rating: 4.2, reviewCount: 11 });
    expect((await call(null, 'GET', `/api/reviews/${mine.id}`)).statusCode).toBe(200);
  });

  it('reminds each side that has not reviewed after 1 day and 7 days, once each across runs', async () => {
    const { customer, detailer, booking } = await completedJob({ completedAt: base });
    const remindersOf = (userId: number) =>
      t.db
        .select({ kind: bookingReminders.kind })
        .from(bookingReminders)
        .where(and(eq(bookingReminders.bookingId, booking.id), eq(bookingReminders.userId, userId)))
        .orderBy(bookingReminders.id);

    clock.set(new Date(base.getTime() + day - 1));
    await runReviewJob(t.ctx, clock.now());
    expect(await remindersOf(customer.id)).toEqual([]);

    clock.set(new Date(base.getTime() + day));
    await Promise.all([runReviewJob(t.ctx, clock.now()), runReviewJob(t.ctx, clock.now())]);
    await runReviewJob(t.ctx, new Date(base.getTime() + 2 * day));
    expect(await remindersOf(customer.id)).toEqual([{ kind: 'review-1d' }]);
    expect(await remindersOf(detailer.user.id)).toEqual([{ kind: 'review-1d' }]);
    expect(await reviewNotices(customer.id)).toEqual([{ title: 'Leave a review', entityId: `booking-${booking.id}` }]);

    await review(customer, booking.id);
    clock.set(new Date(base.getTime() + 7 * day));
    await runReviewJob(t.ctx, clock.now());
    await runReviewJob(t.ctx, clock.now());
    expect(await remindersOf(customer.id)).toEqual([{ kind: 'review-1d' }]);
    expect(await remindersOf(detailer.user.id)).toEqual([{ kind: 'review-1d' }, { kind: 'review-7d' }]);
    expect((await reviewNotices(detailer.user.id)).filter((n) => n.title === 'Leave a review')).toHaveLength(2);
  });

  it('publishes both when the two sides review at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const { customer, detailer, booking } = await completedJob();
      const [a, b] = await Promise.all([review(customer, booking.id, { rating: 1 }), review(detailer.user, booking.id, { rating: 4 })]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      const rows = await t.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
      expect(await ratingOf(detailer.detailerId)).toEqual({ rating: 4.2, reviewCount: 11 });
    }
  });

  it("lists a detailer's published reviews newest first, 20 a page", async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const booking = await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'completed',
        startsAt: new Date(base.getTime() - (30 - i) * day),
        completedAt: new Date(base.getTime() - (30 - i) * day + hour),
      });
      const [row] = await t.db
        .insert(reviews)
        .values({
          bookingId: booking.id,
          authorRole: 'customer',
          authorUserId: customer.id,
          detailerId: detailer.detailerId,
          customerId: customer.id,
          rating: 5,
          publishedAt: base,
        })
        .returning();
      ids.push(row!.id);
    }
    const first = (await call(null, 'GET', `/api/detailers/${detailer.detailerId}/reviews`)).json() as DetailerReviewsPage;
    expect(first.reviews.map((r) => r.id)).toEqual(ids.slice(1).reverse());
    expect(first.nextCursor).toBe(ids[1]);
    const second = (
      await call(null, 'GET', `/api/detailers/${detailer.detailerId}/reviews?cursor=${first.nextCursor}`)
    ).json() as DetailerReviewsPage;
    expect(second.reviews.map((r) => r.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect((await call(null, 'GET', `/api/detailers/999999/reviews`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/detailers/${detailer.detailerId}/reviews?cursor=abc`)).statusCode).toBe(400);
  });
});
