// Reviews' limits and the link a review reminder names, apart from their schemas (core/schemas/review.ts) so that a
// page with a review form does not load zod for them (issue 13).

export const reviewBodyMaxLength = 2000;
export const reviewReplyMaxLength = 1000;
export const hideReasonMinLength = 3;
export const hideReasonMaxLength = 500;

/**
 * What /reviews/:id names when a notification links there before any review exists (the reminders): `booking-<id>`,
 * the booking's own review page (its form, or both sides' reviews). A bare number is a review's id.
 */
export const bookingReviewsEntityPrefix = 'booking-';
export const bookingReviewsEntityId = (bookingId: number) => `${bookingReviewsEntityPrefix}${bookingId}`;
