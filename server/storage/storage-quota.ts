import { eq, sql } from 'drizzle-orm';
import { AppError } from '@core/errors.ts';
import type { Database } from '../db/client.ts';
import { messages, uploads, users } from '../db/schema.ts';

/**
 * What one account may keep in object storage: its uploads (every stored width) and its messages' photos. Years of a
 * busy detailer's job photos fit; the 14.5 GB a day one account sent (issue 38) is stopped within hours.
 */
export const storageQuotaBytes = 2 * 1024 ** 3;
export const storageQuotaLabel = '2 GB';
export const storageFullMessage = `This account has used its ${storageQuotaLabel} of storage for photos and images; no more can be added.`;

/** A refusal naming the limit: 413, with the field the form shows it on. */
export const storageFull = (field: string) => new AppError('payload_too_large', storageFullMessage, { [field]: storageFullMessage });

/** Bytes the user keeps in storage, counted in the database: their uploads and the photos of their messages. */
export async function storedBytesOf(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({
      bytes: sql<number>`(
        coalesce((select sum(${uploads.byteSize}) from ${uploads} where ${uploads.ownerUserId} = ${userId}), 0)
        + coalesce((select sum(${messages.photoBytes}) from ${messages} where ${messages.senderUserId} = ${userId} and ${messages.photoKey} is not null), 0)
      )::bigint`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.bytes ?? 0;
}

/**
 * Inside the transaction that records `addingBytes` more for the user: locks the user's row, so two uploads at once
 * are counted one after the other, then refuses (413 naming the limit) what would pass the quota.
 */
export async function reserveStorage(tx: Database, userId: number, addingBytes: number, field: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if ((await storedBytesOf(tx, userId)) + addingBytes > storageQuotaBytes) throw storageFull(field);
}

/** Before the work of decoding an image: an account already at its quota is refused at once. */
export async function requireStorageLeft(db: Database, userId: number, field: string): Promise<void> {
  if ((await storedBytesOf(db, userId)) >= storageQuotaBytes) throw storageFull(field);
}
