import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { objectRemovals } from '../db/schema.ts';
import type { ObjectStorage } from './storage-contract.ts';

/** Removals per transaction: each claim stays short (the idle-in-transaction timeout is 30 s). */
const batchSize = 50;

/**
 * Deletes the stored objects queued in object_removals (a deleted message's photo: the trigger of migration 0022
 * queues it, whichever way the message went). Each batch is claimed with FOR UPDATE SKIP LOCKED, so two instances
 * never take the same rows; a row goes only once its object is deleted, and one whose delete failed waits for the next
 * pass. A delete of a key already gone is not an error, so a pass cut short after the delete is harmless.
 */
export async function removeQueuedObjects(db: Database, storage: ObjectStorage): Promise<{ removed: number }> {
  let removed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const claimed = await tx
        .select()
        .from(objectRemovals)
        .orderBy(asc(objectRemovals.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const done: number[] = [];
      for (const row of claimed) {
        try {
          await storage.delete(row.objectKey);
          done.push(row.id);
        } catch {
          // Kept queued: the storage may be briefly away.
        }
      }
      if (done.length > 0) await tx.delete(objectRemovals).where(inArray(objectRemovals.id, done));
      return { claimed: claimed.length, done: done.length };
    });
    removed += batch.done;
    if (batch.claimed < batchSize || batch.done < batch.claimed) return { removed };
  }
}
