import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@core/errors.ts';
import { conversations, messages, objectRemovals, uploads } from '../../server/db/schema.ts';
import { openConversation, sendMessage } from '../../server/messages/message-service.ts';
import { removeQueuedObjects } from '../../server/storage/object-removals.ts';
import { createMemoryStorage } from '../../server/storage/object-storage.ts';
import { storageFullMessage, storageQuotaBytes, storedBytesOf } from '../../server/storage/storage-quota.ts';
import { createUpload } from '../../server/uploads/upload-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

const jpeg = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#2b5cab' } })
    .jpeg()
    .toBuffer();

/** The refusal a call ends with, or null when it succeeded. */
const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => {
      if (error instanceof AppError) return { status: error.status, message: error.message, fields: error.fields };
      throw error;
    },
  );

// Issue 38: one account stored about 14.5 GB a day of photo messages. Each account keeps at most storageQuotaBytes.
describe.each(databaseKinds)("the storage quota and deleted messages' photos on %s", (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const storage = createMemoryStorage();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(() => t?.close());

  /** Makes `owner` hold all but `roomBytes` of the quota, as one stored upload row (the count is the database's). */
  async function fillStorage(owner: UserRow, roomBytes: number) {
    const used = await storedBytesOf(t.db, owner.id);
    // byte_size is an integer column: the filler is written as several rows.
    let left = storageQuotaBytes - roomBytes - used;
    let n = 0;
    while (left > 0) {
      const size = Math.min(left, 2 ** 31 - 1);
      await t.db.insert(uploads).values({
        ownerUserId: owner.id,
        storageKey: `uploads/filler${owner.id}x${n++}`,
        widths: [320],
        width: 320,
        height: 240,
        byteSize: size,
      });
      left -= size;
    }
  }

  async function bookingThread() {
    const customer = await createCustomer(t.ctx);
    const detailer = await createDetailer(t.ctx);
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
    });
    const { conversation } = await openConversation(t.db, customer, clock.now(), { bookingId: booking.id });
    return { customer, detailer, booking, conversationId: conversation.id };
  }

  const photoInput = async () => ({ contentType: 'image/jpeg' as const, data: (await jpeg()).toString('base64') });

  it('counts uploads and message photos per account, and refuses an upload past the quota with 413 naming it; nothing is stored', async () => {
    const owner = await createCustomer(t.ctx);
    const other = await createCustomer(t.ctx);
    const first = await createUpload(t.db, storage, owner, await jpeg());
    const [firstRow] = await t.db.select().from(uploads).where(eq(uploads.id, first.id));
    expect(await storedBytesOf(t.db, owner.id)).toBe(firstRow!.byteSize);

    await fillStorage(owner, firstRow!.byteSize - 1);
    const keysBefore = storage.keys().length;
    const [{ n: rowsBefore }] = (await t.db.select({ n: count() }).from(uploads).where(eq(uploads.ownerUserId, owner.id))) as [
      { n: number },
    ];
    const refused = await refusalOf(createUpload(t.db, storage, owner, await jpeg()));
    expect(refused).toEqual({ status: 413, message: storageFullMessage, fields: { file: storageFullMessage } });
    expect(storageFullMessage).toContain('2 GB');
    expect(storage.keys()).toHaveLength(keysBefore);
    expect((await t.db.select({ n: count() }).from(uploads).where(eq(uploads.ownerUserId, owner.id)))[0]!.n).toBe(rowsBefore);

    // Another account is not held back.
    expect(await refusalOf(createUpload(t.db, storage, other, await jpeg()))).toBeNull();
  });

  it('lets only one of two uploads at once through when there is room for one', async () => {
    const owner = await createCustomer(t.ctx);
    const probe = await createUpload(t.db, storage, owner, await jpeg());
    const [probeRow] = await t.db.select().from(uploads).where(eq(uploads.id, probe.id));
    const size = probeRow!.byteSize;
    await fillStorage(owner, size + Math.floor(size / 2));
    const results = await Promise.all([
      refusalOf(createUpload(t.db, storage, owner, await jpeg())),
      refusalOf(createUpload(t.db, storage, owner, await jpeg())),
    ]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r?.status === 413)).toHaveLength(1);
    expect(await storedBytesOf(t.db, owner.id)).toBeLessThanOrEqual(storageQuotaBytes);
  });

  it('counts a photo message toward its sender, and refuses one past the quota (413, the photo not kept)', async () => {
    const { customer, conversationId } = await bookingThread();
    const sent = await sendMessage(t.ctx, storage, customer, conversationId, { clientId: 'p-1', body: '', photo: await photoInput() });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.message.id));
    expect(row!.photoBytes).toBeGreaterThan(0);
    expect(await storedBytesOf(t.db, customer.id)).toBe(row!.photoBytes);

    await fillStorage(customer, row!.photoBytes - 1);
    const keysBefore = storage.keys().length;
    const refused = await refusalOf(
      sendMessage(t.ctx, storage, customer, conversationId, { clientId: 'p-2', body: 'again', photo: await photoInput() }),
    );
    expect(refused).toEqual({ status: 413, message: storageFullMessage, fields: { 'photo.data': storageFullMessage } });
    expect(storage.keys()).toHaveLength(keysBefore);
    // Text still goes: the quota is on what is stored.
    expect(await refusalOf(sendMessage(t.ctx, storage, customer, conversationId, { clientId: 'p-3', body: 'text is fine' }))).toBeNull();
  });

  it('removes the photos of deleted messages from storage once, even with two passes at once, whichever way they went', async () => {
    const { customer, detailer, conversationId } = await bookingThread();
    const one = await sendMessage(t.ctx, storage, customer, conversationId, { clientId: 'd-1', body: '', photo: await photoInput() });
    const two = await sendMessage(t.ctx, storage, detailer.user, conversationId, {
      clientId: 'd-2',
      body: 'look',
      photo: await photoInput(),
    });
    const kept = await bookingThread();
    const stays = await sendMessage(t.ctx, storage, kept.customer, kept.conversationId, {
      clientId: 'd-3',
      body: '',
      photo: await photoInput(),
    });
    const keyOf = async (id: number) => (await t.db.select({ key: messages.photoKey }).from(messages).where(eq(messages.id, id)))[0]!.key!;
    const [keyOne, keyTwo, keyStays] = [await keyOf(one.message.id), await keyOf(two.message.id), await keyOf(stays.message.id)];
    expect(storage.keys()).toEqual(expect.arrayContaining([keyOne, keyTwo, keyStays]));

    // One message deleted, and the other by a cascade: its thread goes.
    await t.db.delete(messages).where(eq(messages.id, one.message.id));
    await t.db.delete(conversations).where(eq(conversations.id, conversationId));
    const queued = await t.db.select({ key: objectRemovals.objectKey }).from(objectRemovals);
    expect(queued.map((r) => r.key)).toEqual(expect.arrayContaining([keyOne, keyTwo]));

    const passes = await Promise.all([removeQueuedObjects(t.db, storage), removeQueuedObjects(t.db, storage)]);
    expect(passes.reduce((sum, pass) => sum + pass.removed, 0)).toBe(queued.length);
    expect(storage.keys()).not.toContain(keyOne);
    expect(storage.keys()).not.toContain(keyTwo);
    expect(storage.keys()).toContain(keyStays);
    expect(await t.db.select().from(objectRemovals)).toEqual([]);
    // The deleted photos no longer count.
    expect(await storedBytesOf(t.db, customer.id)).toBe(0);
  });

  it('keeps a removal queued while the storage refuses, and finishes it on a later pass', async () => {
    const { customer, conversationId } = await bookingThread();
    const sent = await sendMessage(t.ctx, storage, customer, conversationId, { clientId: 'f-1', body: '', photo: await photoInput() });
    await t.db.delete(messages).where(eq(messages.id, sent.message.id));
    const failing = { ...storage, delete: async () => Promise.reject(new Error('storage away')) };
    expect(await removeQueuedObjects(t.db, failing)).toEqual({ removed: 0 });
    expect(await t.db.select().from(objectRemovals)).toHaveLength(1);
    expect(await removeQueuedObjects(t.db, storage)).toEqual({ removed: 1 });
    expect(await t.db.select().from(objectRemovals)).toEqual([]);
  });
});
