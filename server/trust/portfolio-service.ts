import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { badRequest, conflict, forbidden, notFound } from '@core/errors.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import type {
  BlurRegion,
  DetailerPortfolio,
  PortfolioConsent,
  PortfolioConsentInput,
  PortfolioPair,
  publishPairSchema,
} from '@core/schemas/trust.ts';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { bookingPhotos, bookings, portfolioConsents, portfolioPhotos, services, uploads } from '../db/schema.ts';
import { requireRole, requireUser, type Actor } from '../identity/access.ts';
import { visibleRecord } from '../bookings/booking-records.ts';
import { hideRegion } from '../uploads/image-processing.ts';
import { createUpload, readLargestVersion } from '../uploads/upload-service.ts';
import { ownDetailer } from './own-detailer.ts';

// A portfolio built from verified jobs (decision 050): pairs of a job's own proof photos, shown only while the job's
// customer agrees, as copies the server made (blurred where the detailer asked), never the originals.

/** GET /api/bookings/:id/portfolio-consent: the booking's customer, its detailer and admins. */
export async function getPortfolioConsent(db: Database, actor: Actor, bookingId: number): Promise<PortfolioConsent> {
  const user = requireUser(actor);
  const { record } = await visibleRecord(db, user, bookingId);
  const [row] = await db
    .select({ allowed: portfolioConsents.allowed })
    .from(portfolioConsents)
    .where(eq(portfolioConsents.bookingId, bookingId));
  return { detailerName: record.detailerBusinessName, allowed: row?.allowed ?? null };
}

/**
 * PUT /api/bookings/:id/portfolio-consent: the booking's customer only, once the job is completed. No takes the
 * job's photos out of the portfolio in the same transaction, so they are gone at once.
 */
export async function setPortfolioConsent(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  bookingId: number,
  input: PortfolioConsentInput,
): Promise<PortfolioConsent> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, bookingId);
  if (relation !== 'customer') throw forbidden("Only the booking's customer can answer this");
  if (record.booking.status !== 'completed') throw conflict('You can answer once the job is completed');
  await ctx.transaction(async (tx) => {
    await tx.db
      .insert(portfolioConsents)
      .values({ bookingId, allowed: input.allowed, answeredAt: now })
      .onConflictDoUpdate({ target: portfolioConsents.bookingId, set: { allowed: input.allowed, answeredAt: now } });
    if (!input.allowed) await tx.db.delete(portfolioPhotos).where(eq(portfolioPhotos.bookingId, bookingId));
  });
  return { detailerName: record.detailerBusinessName, allowed: input.allowed };
}

const beforeUpload = alias(uploads, 'before_upload');
const afterUpload = alias(uploads, 'after_upload');

const image = (row: { id: number; width: number; height: number }) => ({
  url: `/api/uploads/${row.id}`,
  width: row.width,
  height: row.height,
});

/** The published pairs of a detailer whose job's customer still says yes: the one query the public page reads. */
export async function publishedPairs(
  db: Database,
  detailer: { id: number; timeZone: string },
): Promise<(PortfolioPair & { bookingId: number })[]> {
  const rows = await db
    .select({ pair: portfolioPhotos, serviceName: services.name, startsAt: bookings.startsAt, before: beforeUpload, after: afterUpload })
    .from(portfolioPhotos)
    .innerJoin(portfolioConsents, and(eq(portfolioConsents.bookingId, portfolioPhotos.bookingId), eq(portfolioConsents.allowed, true)))
    .innerJoin(bookings, eq(bookings.id, portfolioPhotos.bookingId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(beforeUpload, eq(beforeUpload.id, portfolioPhotos.beforeUploadId))
    .innerJoin(afterUpload, eq(afterUpload.id, portfolioPhotos.afterUploadId))
    .where(eq(portfolioPhotos.detailerId, detailer.id))
    .orderBy(desc(portfolioPhotos.id));
  return rows.map((row) => ({
    id: row.pair.id,
    bookingId: row.pair.bookingId,
    serviceName: row.serviceName,
    month: dateInZone(row.startsAt, detailer.timeZone).slice(0, 7),
    before: image(row.before),
    after: image(row.after),
  }));
}

/** A pair as anyone sees it: which booking it comes from stays with the detailer. */
export const publicPair = ({ bookingId: _bookingId, ...pair }: PortfolioPair & { bookingId: number }): PortfolioPair => pair;

/** GET /api/detailer/portfolio: the detailer's completed jobs whose customer said yes, with their photos, and what is published. */
export async function getDetailerPortfolio(db: Database, actor: Actor): Promise<DetailerPortfolio> {
  const user = requireRole(actor, 'detailer');
  const detailer = await ownDetailer(db, user);
  const jobs = await db
    .select({ bookingId: bookings.id, serviceName: services.name, startsAt: bookings.startsAt })
    .from(bookings)
    .innerJoin(portfolioConsents, and(eq(portfolioConsents.bookingId, bookings.id), eq(portfolioConsents.allowed, true)))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(and(eq(bookings.detailerId, detailer.id), eq(bookings.status, 'completed')))
    .orderBy(desc(bookings.startsAt));
  const photos =
    jobs.length === 0
      ? []
      : await db
          .select({
            id: bookingPhotos.id,
            bookingId: bookingPhotos.bookingId,
            phase: bookingPhotos.phase,
            uploadId: bookingPhotos.uploadId,
          })
          .from(bookingPhotos)
          .where(
            inArray(
              bookingPhotos.bookingId,
              jobs.map((job) => job.bookingId),
            ),
          )
          .orderBy(asc(bookingPhotos.id));
  return {
    jobs: jobs.map((job) => ({
      bookingId: job.bookingId,
      serviceName: job.serviceName,
      month: dateInZone(job.startsAt, detailer.timeZone).slice(0, 7),
      photos: photos
        .filter((photo) => photo.bookingId === job.bookingId)
        .map((photo) => ({ id: photo.id, phase: photo.phase, url: `/api/uploads/${photo.uploadId}` })),
    })),
    published: await publishedPairs(db, detailer),
  };
}

/** The copy shown publicly: the original's largest version, with the region hidden when one is given. */
async function publicCopy(ctx: AppContext, actor: Actor, uploadId: number, blur: BlurRegion | null): Promise<number> {
  const original = await readLargestVersion(ctx.db, ctx.storage, uploadId);
  if (!original) throw notFound('Photo not found');
  const bytes = blur ? await hideRegion(original, blur) : original;
  return (await createUpload(ctx.db, ctx.storage, actor, bytes)).id;
}

/**
 * POST /api/detailer/portfolio: one before and one after photo of the same completed job of the detailer's whose
 * customer said yes. The copies are made first (they count in the detailer's storage); the consent is checked again,
 * locked, in the transaction that publishes, so a No given meanwhile wins.
 */
export async function publishPair(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: z.output<typeof publishPairSchema>,
): Promise<PortfolioPair> {
  const user = requireRole(actor, 'detailer');
  const detailer = await ownDetailer(ctx.db, user);
  const picked = await ctx.db
    .select({
      id: bookingPhotos.id,
      phase: bookingPhotos.phase,
      uploadId: bookingPhotos.uploadId,
      bookingId: bookingPhotos.bookingId,
      detailerId: bookings.detailerId,
      status: bookings.status,
    })
    .from(bookingPhotos)
    .innerJoin(bookings, eq(bookings.id, bookingPhotos.bookingId))
    .where(inArray(bookingPhotos.id, [input.beforePhotoId, input.afterPhotoId]));
  const before = picked.find((photo) => photo.id === input.beforePhotoId && photo.detailerId === detailer.id);
  const after = picked.find((photo) => photo.id === input.afterPhotoId && photo.detailerId === detailer.id);
  if (!before) throw notFound('Before photo not found');
  if (!after) throw notFound('After photo not found');
  if (before.phase !== 'before') throw badRequest('Pick a before photo', { beforePhotoId: 'not a before photo' });
  if (after.phase !== 'after') throw badRequest('Pick an after photo', { afterPhotoId: 'not an after photo' });
  if (before.bookingId !== after.bookingId) throw badRequest('Pick both photos from the same job', { afterPhotoId: 'another job' });
  const noConsent = () => conflict("The customer hasn't agreed to show this job's photos");
  const consentOf = async (db: Database, lock: boolean) => {
    const query = db
      .select({ allowed: portfolioConsents.allowed })
      .from(portfolioConsents)
      .where(eq(portfolioConsents.bookingId, before.bookingId));
    const [row] = lock ? await query.for('update') : await query;
    return row?.allowed === true;
  };
  if (!(await consentOf(ctx.db, false))) throw noConsent();

  const beforeUploadId = await publicCopy(ctx, user, before.uploadId, input.beforeBlur);
  const afterUploadId = await publicCopy(ctx, user, after.uploadId, input.afterBlur);
  // Copies left unused by a refusal below are removed by the upload clean-up job, as any unreferenced upload.
  const id = await ctx.transaction(async (tx) => {
    if (!(await consentOf(tx.db, true))) throw noConsent();
    try {
      const [row] = await tx.db
        .insert(portfolioPhotos)
        .values({
          detailerId: detailer.id,
          bookingId: before.bookingId,
          beforePhotoId: before.id,
          afterPhotoId: after.id,
          beforeUploadId,
          afterUploadId,
          beforeBlurred: input.beforeBlur !== null,
          afterBlurred: input.afterBlur !== null,
          publishedAt: now,
        })
        .returning({ id: portfolioPhotos.id });
      return row!.id;
    } catch (error) {
      if (isUniqueViolation(error, 'portfolio_photos_pair_unique')) throw conflict('This pair is already in your portfolio');
      throw error;
    }
  });
  const pair = (await publishedPairs(ctx.db, detailer)).find((published) => published.id === id);
  if (!pair) throw noConsent();
  return publicPair(pair);
}

/** DELETE /api/detailer/portfolio/:id: the detailer takes a pair out of their portfolio. */
export async function unpublishPair(db: Database, actor: Actor, id: number): Promise<void> {
  const user = requireRole(actor, 'detailer');
  const detailer = await ownDetailer(db, user);
  const removed = await db
    .delete(portfolioPhotos)
    .where(and(eq(portfolioPhotos.id, id), eq(portfolioPhotos.detailerId, detailer.id)))
    .returning({ id: portfolioPhotos.id });
  if (removed.length === 0) throw notFound('Portfolio photo not found');
}
