import type { FastifyInstance } from 'fastify';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import {
  bookingPhotos,
  claimPhotos,
  detailerDocuments,
  detailers,
  portfolioPhotos,
  services,
  uploads,
  users,
  vehicles,
} from '../db/schema.ts';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { removeQueuedObjects } from '../storage/object-removals.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { uploadObjectKey } from './upload-keys.ts';

/**
 * An upload nothing points at is kept this long (the form that uploaded it may still be open), then deleted. This
 * also removes the photos of a deleted account: deletion drops its cars and clears its avatar, which leaves them
 * unreferenced, while proof-of-service and claim photos stay with the bookings they prove.
 */
export const unusedUploadGraceMs = 24 * 60 * 60 * 1000;
export const uploadCleanupIntervalMs = 60 * 60_000;

/** Uploads per batch: each pass stays bounded and resumable (decision 014). */
const batchSize = 100;

/** Every column that keeps an upload: one list, so a new use of uploads is added here or its images vanish. */
const referenced = sql`(
  exists (select 1 from ${users} where ${users.avatarUploadId} = ${uploads.id})
  or exists (select 1 from ${vehicles} where ${vehicles.photoUploadId} = ${uploads.id})
  or exists (select 1 from ${services} where ${services.imageUploadId} = ${uploads.id})
  or exists (select 1 from ${detailers} where ${detailers.logoUploadId} = ${uploads.id})
  or exists (select 1 from ${bookingPhotos} where ${bookingPhotos.uploadId} = ${uploads.id})
  or exists (select 1 from ${claimPhotos} where ${claimPhotos.uploadId} = ${uploads.id})
  or exists (select 1 from ${detailerDocuments} where ${detailerDocuments.uploadId} = ${uploads.id})
  or exists (select 1 from ${portfolioPhotos} where ${portfolioPhotos.beforeUploadId} = ${uploads.id} or ${portfolioPhotos.afterUploadId} = ${uploads.id})
)`;

/**
 * One pass: deletes the rows of uploads older than the grace period that nothing references (the check is in the
 * DELETE itself, so an upload attached meanwhile stays), then their stored objects. A delete is harmless twice, so
 * passes on several instances need no claim; an object whose delete failed is only wasted space, never a broken image.
 */
export async function runUploadCleanup(ctx: Pick<AppContext, 'db'>, storage: ObjectStorage, now: Date): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - unusedUploadGraceMs);
  let deleted = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(lt(uploads.createdAt, cutoff), sql`not ${referenced}`))
      .limit(batchSize);
    if (due.length === 0) return { deleted };
    const removed = await ctx.db
      .delete(uploads)
      .where(
        and(
          inArray(
            uploads.id,
            due.map((row) => row.id),
          ),
          sql`not ${referenced}`,
        ),
      )
      .returning({ storageKey: uploads.storageKey, widths: uploads.widths });
    for (const row of removed) {
      await Promise.allSettled(row.widths.map((width) => storage.delete(uploadObjectKey(row.storageKey, width))));
    }
    deleted += removed.length;
    // Rows attached between the two statements stay and are not picked again: stop rather than loop on them.
    if (removed.length < due.length) return { deleted };
  }
}

/**
 * Runs the pass every hour while the app is up, on the storage the configuration chose, and with it the removal of
 * deleted messages' photos (server/storage/object-removals.ts).
 */
export function startUploadCleanupJob(app: FastifyInstance, intervalMs = uploadCleanupIntervalMs): void {
  startIntervalJob(
    app,
    'upload cleanup',
    intervalMs,
    async (ctx, now) => ({ ...(await runUploadCleanup(ctx, ctx.storage, now)), ...(await removeQueuedObjects(ctx.db, ctx.storage)) }),
    (result) => result.deleted + result.removed > 0,
  );
}
