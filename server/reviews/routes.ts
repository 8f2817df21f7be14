import type { FastifyInstance } from 'fastify';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import { detailerIdParamsSchema } from '@core/schemas/catalog.ts';
import {
  createReviewSchema,
  detailerReviewsQuerySchema,
  hideReviewSchema,
  reviewIdParamsSchema,
  reviewReplySchema,
  updateReviewSchema,
} from '@core/schemas/review.ts';
import { parse } from '../http/validate.ts';
import { getBookingReviews, getReview, listDetailerReviews } from './review-queries.ts';
import { createReview, replyToReview, setReviewHidden, updateReview } from './review-service.ts';

/** Blind two-sided reviews of completed bookings (decision 020), the detailer's reply and admins' hiding. */
export async function reviewRoutes(app: FastifyInstance) {
  const bookingId = (params: unknown) => parse(bookingIdParamsSchema, params).id;
  const reviewId = (params: unknown) => parse(reviewIdParamsSchema, params).id;

  app.post('/api/bookings/:id/reviews', async (request, reply) => {
    const review = await createReview(
      app.ctx,
      request.user,
      app.ctx.clock.now(),
      bookingId(request.params),
      parse(createReviewSchema, request.body),
    );
    return reply.code(201).send(review);
  });

  app.get('/api/bookings/:id/reviews', (request) =>
    getBookingReviews(app.ctx.db, request.user, app.ctx.clock.now(), bookingId(request.params)),
  );

  app.get('/api/reviews/:id', (request) => getReview(app.ctx.db, request.user, app.ctx.clock.now(), reviewId(request.params)));

  app.patch('/api/reviews/:id', (request) =>
    updateReview(app.ctx, request.user, app.ctx.clock.now(), reviewId(request.params), parse(updateReviewSchema, request.body)),
  );

  app.post('/api/reviews/:id/reply', (request) =>
    replyToReview(app.ctx, request.user, app.ctx.clock.now(), reviewId(request.params), parse(reviewReplySchema, request.body)),
  );

  app.post('/api/admin/reviews/:id/hide', (request) =>
    setReviewHidden(app.ctx, request.user, app.ctx.clock.now(), reviewId(request.params), parse(hideReviewSchema, request.body)),
  );

  app.post('/api/admin/reviews/:id/unhide', (request) =>
    setReviewHidden(app.ctx, request.user, app.ctx.clock.now(), reviewId(request.params), null),
  );

  app.get('/api/detailers/:id/reviews', (request) =>
    listDetailerReviews(
      app.ctx.db,
      request.user,
      app.ctx.clock.now(),
      parse(detailerIdParamsSchema, request.params).id,
      parse(detailerReviewsQuerySchema, request.query).cursor,
    ),
  );
}
