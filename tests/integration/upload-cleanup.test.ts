import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../server/storage/object-storage.ts';
import { uploads, users, vehicles } from '../../server/db/schema.ts';
import { createUpload } from '../../server/uploads/upload-service.ts';
import { runUploadCleanup, unusedUploadGraceMs } from '../../server/uploads/upload-cleanup-job.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

const jpeg = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#2b5cab' } })
    .jpeg()
    .toBuffer();

describe.each(databaseKinds)('unused uploads are cleaned up on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const storage = createMemoryStorage();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An upload by `owner`, made `ageMs` before the test clock's now. */
  async function uploadAged(owner: Awaited<ReturnType<typeof createCustomer>>, ageMs: number) {
    const upload = await createUpload(t.db, storage, owner, await jpeg());
    await t.db
      .update(uploads)
      .set({ createdAt: new Date(clock.now().getTime() - ageMs) })
      .where(eq(uploads.id, upload.id));
    return upload;
  }
  const remaining = async (ids: number[]) =>
    (await t.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids))).map((r) => r.id).sort();

  it('deletes an unreferenced upload past the grace period with its stored widths, and keeps the rest', async () => {
    const owner = await createCustomer(t.ctx);
    const day = unusedUploadGraceMs;
    const abandoned = await uploadAged(owner, day + 60_000);
    const fresh = await uploadAged(owner, day - 60_000);
    const avatar = await uploadAged(owner, 3 * day);
    const carPhoto = await uploadAged(owner, 3 * day);
    await t.db.update(users).set({ avatarUploadId: avatar.id }).where(eq(users.id, owner.id));
    await t.db
      .insert(vehicles)
      .values({ customerId: owner.id, make: 'Toyota', model: 'RAV4', year: 2021, vehicleType: 'SUV', photoUploadId: carPhoto.id });
    const [abandonedRow] = await t.db.select().from(uploads).where(eq(uploads.id, abandoned.id));
    expect(storage.keys().filter((key) => key.startsWith(`${abandonedRow!.storageKey}/`))).not.toEqual([]);

    const result = await runUploadCleanup(t.ctx, storage, clock.now());

    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await remaining([abandoned.id, fresh.id, avatar.id, carPhoto.id])).toEqual([fresh.id, avatar.id, carPhoto.id].sort());
    expect(storage.keys().filter((key) => key.startsWith(`${abandonedRow!.storageKey}/`))).toEqual([]);
  });

  it("removes a deleted account's avatar once the account no longer points at it", async () => {
    const owner = await createCustomer(t.ctx);
    const avatar = await uploadAged(owner, 2 * unusedUploadGraceMs);
    await t.db.update(users).set({ avatarUploadId: avatar.id }).where(eq(users.id, owner.id));
    await runUploadCleanup(t.ctx, storage, clock.now());
    expect(await remaining([avatar.id])).toEqual([avatar.id]);
    // What account deletion does to the row (tests/integration/account-delete.test.ts covers the rest).
    await t.db.update(users).set({ avatarUploadId: null, deletedAt: clock.now() }).where(eq(users.id, owner.id));
    await runUploadCleanup(t.ctx, storage, clock.now());
    expect(await remaining([avatar.id])).toEqual([]);
  });
});
