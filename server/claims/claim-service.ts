import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import { claimWindowHours, isWithinHours } from '@core/domain/after-the-job.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { AdminClaim, Claim, ClaimStatus, CreateClaimInput, RejectClaimInput, ResolveClaimInput } from '@core/schemas/claim.ts';
import { announceBookingChangeById } from '../bookings/booking-live.ts';
import { loadRecord, selectRecords, visibleRecord } from '../bookings/booking-records.ts';
import { loadRefunds } from '../bookings/booking-queries.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { bookings, claimPhotos, claims } from '../db/schema.ts';
import { requireRole, requireUser, type Actor } from '../identity/access.ts';
import { notify } from '../notifications/notification-service.ts';
import { refundBooking } from '../payments/payment-refunds.ts';
import { requireOwnUpload } from '../uploads/upload-service.ts';

/**
 * 'Report a problem' (decision 020, Claims): the booking's customer within 48 hours of completion, one open claim
 * per booking (the partial unique index decides between two at once). Admins resolve a claim with a refund
 * through refundBooking, bounded by what is left to refund, or reject it; the resolution is kept.
 */

type ClaimRow = typeof claims.$inferSelect;

export const claimWindowClosedMessage = 'Problems can be reported for 48 hours after the job.';
export const claimNotCompletedMessage = 'A problem can be reported once the job is completed.';
export const claimAlreadyOpenMessage = 'A problem you reported for this booking is still open.';
export const claimClosedMessage = 'This claim has already been closed.';
export const photoInUseMessage = 'This photo is already part of a report';

async function photosOf(db: Database, claimIds: number[]): Promise<Map<number, Claim['photos']>> {
  const photos = new Map<number, Claim['photos']>(claimIds.map((id) => [id, []]));
  if (claimIds.length === 0) return photos;
  const rows = await db.select().from(claimPhotos).where(inArray(claimPhotos.claimId, claimIds)).orderBy(asc(claimPhotos.id));
  for (const row of rows) photos.get(row.claimId)!.push({ uploadId: row.uploadId, url: `/api/uploads/${row.uploadId}` });
  return photos;
}

const toClaim = (row: ClaimRow, photos: Claim['photos']): Claim => ({
  id: row.id,
  bookingId: row.bookingId,
  customerId: row.customerId,
  description: row.description,
  status: row.status,
  photos,
  refundCents: row.refundCents,
  resolutionNote: row.resolutionNote,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** POST /api/bookings/:id/claims: the booking's customer (anyone else: 404), photos only from their own uploads. */
export async function createClaim(ctx: AppContext, actor: Actor, now: Date, bookingId: number, input: CreateClaimInput): Promise<Claim> {
  const { db } = ctx;
  const user = requireUser(actor);
  const record = await loadRecord(db, bookingId);
  if (!record || record.booking.customerId !== user.id) throw notFound('Booking not found');
  const { description, uploadIds } = input;
  const { booking } = record;
  if (booking.status !== 'completed' || !booking.completedAt) throw conflict(claimNotCompletedMessage);
  if (!isWithinHours(booking.completedAt, claimWindowHours, now)) throw conflict(claimWindowClosedMessage);
  for (const uploadId of uploadIds) await requireOwnUpload(db, user.id, uploadId, 'uploadIds');
  if (uploadIds.length > 0) {
    const [used] = await db.select({ id: claimPhotos.id }).from(claimPhotos).where(inArray(claimPhotos.uploadId, uploadIds)).limit(1);
    if (used) throw badRequest(photoInUseMessage, { uploadIds: photoInUseMessage });
  }
  let row: ClaimRow;
  try {
    row = await ctx.transaction(async (txCtx) => {
      const tx = txCtx.db;
      const [created] = await tx.insert(claims).values({ bookingId, customerId: user.id, description, createdAt: now }).returning();
      if (uploadIds.length > 0) await tx.insert(claimPhotos).values(uploadIds.map((uploadId) => ({ claimId: created!.id, uploadId })));
      await notify(txCtx, {
        userId: record.detailerUserId,
        type: 'booking_update',
        title: 'Problem reported',
        message: `${record.customerName} reported a problem with ${record.serviceName}. Glossly will look into it.`,
        entityId: String(bookingId),
      });
      return created!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'claims_one_open_per_booking')) throw conflict(claimAlreadyOpenMessage);
    if (isUniqueViolation(error, 'claim_photos_upload_unique')) throw badRequest(photoInUseMessage, { uploadIds: photoInUseMessage });
    throw error;
  }
  await announceBookingChangeById(ctx, bookingId);
  return toClaim(row, (await photosOf(db, [row.id])).get(row.id)!);
}

/** GET /api/bookings/:id/claims: the booking's customer and admins, newest first; anyone else 404. */
export async function listBookingClaims(db: Database, actor: Actor, bookingId: number): Promise<Claim[]> {
  const user = requireUser(actor);
  const { relation } = await visibleRecord(db, user, bookingId);
  if (relation === 'detailer') throw notFound('Booking not found');
  const rows = await db.select().from(claims).where(eq(claims.bookingId, bookingId)).orderBy(desc(claims.id));
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toClaim(row, photos.get(row.id)!));
}

/** GET /api/admin/claims?status=: every claim (or those of one status), oldest open first for the queue. */
export async function listAdminClaims(db: Database, actor: Actor, status: ClaimStatus | undefined): Promise<AdminClaim[]> {
  requireRole(actor, 'admin');
  const rows = await db
    .select()
    .from(claims)
    .where(status ? eq(claims.status, status) : undefined)
    .orderBy(status === 'open' ? asc(claims.id) : desc(claims.id));
  const bookingIds = [...new Set(rows.map((r) => r.bookingId))];
  const records = bookingIds.length > 0 ? await selectRecords(db).where(inArray(bookings.id, bookingIds)) : [];
  const byBooking = new Map(records.map((r) => [r.booking.id, r]));
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  const refunds = await loadRefunds(db, bookingIds);
  return rows.map((row) => {
    const record = byBooking.get(row.bookingId)!;
    return {
      ...toClaim(row, photos.get(row.id)!),
      serviceName: record.serviceName,
      customerName: record.customerName,
      detailerBusinessName: record.detailerBusinessName,
      refundableCents: refunds.get(row.bookingId)?.refundableCents ?? 0,
    };
  });
}

async function openClaim(db: Database, claimId: number): Promise<ClaimRow> {
  const [row] = await db.select().from(claims).where(eq(claims.id, claimId));
  if (!row) throw notFound('Claim not found');
  if (row.status !== 'open') throw conflict(claimClosedMessage);
  return row;
}

/**
 * Closes an open claim, conditionally on its still being open: of two admins at once only one closes it (and only
 * that one refunds). Answers the closed row, or throws the 409 the other admin gets.
 */
async function closeClaim(db: Database, claimId: number, values: Partial<ClaimRow>): Promise<ClaimRow> {
  const [closed] = await db
    .update(claims)
    .set(values)
    .where(and(eq(claims.id, claimId), eq(claims.status, 'open')))
    .returning();
  if (!closed) throw conflict(claimClosedMessage);
  return closed;
}

/**
 * POST /api/admin/claims/:id/resolve: the claim is closed first (so a double submit cannot refund twice), then the
 * refund goes through refundBooking; when that refuses (more than is left, nothing captured, the gateway said no)
 * the claim is opened again and its message passes through: nothing changed.
 */
export async function resolveClaim(ctx: AppContext, actor: Actor, now: Date, claimId: number, input: ResolveClaimInput): Promise<Claim> {
  const admin = requireRole(actor, 'admin');
  const { db } = ctx;
  const row = await openClaim(db, claimId);
  const closed = await closeClaim(db, claimId, {
    status: 'resolved',
    refundCents: input.refundCents ?? 0,
    resolutionNote: input.note,
    resolvedByUserId: admin.id,
    resolvedAt: now,
  });
  if (input.refundCents !== undefined) {
    try {
      await refundBooking(ctx, actor, now, row.bookingId, { amountCents: input.refundCents });
    } catch (error) {
      await db
        .update(claims)
        .set({ status: 'open', refundCents: null, resolutionNote: null, resolvedByUserId: null, resolvedAt: null })
        .where(eq(claims.id, claimId));
      throw error;
    }
  }
  await notify(ctx, {
    userId: row.customerId,
    type: 'booking_update',
    title: 'Your report was resolved',
    message:
      input.refundCents !== undefined
        ? `We refunded ${formatUsd(input.refundCents)} to your card. ${input.note}`
        : `We looked into the problem you reported. ${input.note}`,
    entityId: String(row.bookingId),
  });
  await announceBookingChangeById(ctx, row.bookingId);
  return toClaim(closed, (await photosOf(db, [closed.id])).get(closed.id)!);
}

/** POST /api/admin/claims/:id/reject: closed without money, with the admin's note to the customer. */
export async function rejectClaim(ctx: AppContext, actor: Actor, now: Date, claimId: number, input: RejectClaimInput): Promise<Claim> {
  const admin = requireRole(actor, 'admin');
  const { db } = ctx;
  const row = await openClaim(db, claimId);
  const closed = await closeClaim(db, claimId, {
    status: 'rejected',
    refundCents: 0,
    resolutionNote: input.note,
    resolvedByUserId: admin.id,
    resolvedAt: now,
  });
  await notify(ctx, {
    userId: row.customerId,
    type: 'booking_update',
    title: 'Your report was reviewed',
    message: `We looked into the problem you reported and could not offer a refund. ${input.note}`,
    entityId: String(row.bookingId),
  });
  await announceBookingChangeById(ctx, row.bookingId);
  return toClaim(closed, (await photosOf(db, [closed.id])).get(closed.id)!);
}
