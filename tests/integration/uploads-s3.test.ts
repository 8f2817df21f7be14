import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@core/schemas/upload.ts';
import { uploads } from '../../server/db/schema.ts';
import { startLoopbackS3 } from '../../server/storage/loopback-s3.ts';
import { createS3Storage } from '../../server/storage/s3-object-storage.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----glossly${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The whole path with S3_BUCKET set: the app stores into a real S3 protocol peer and serves back from it. */
describe.each(databaseKinds)('uploads to S3 storage on %s', (kind) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startLoopbackS3>>;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startLoopbackS3();
    dataDir = await mkdtemp(path.join(tmpdir(), 'glossly-uploads-s3-'));
    const { bucket, endpoint, accessKeyId, secretAccessKey } = s3.options;
    t = await createTestApp(kind, {
      env: {
        DATA_DIR: dataDir,
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: accessKeyId,
        S3_SECRET_ACCESS_KEY: secretAccessKey,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('POST /api/uploads stores every width in the bucket, none on the disk, and GET serves them from it', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const cookie = await signedInCookie(t.db, customer);
    const jpeg = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#0a7' } })
      .jpeg()
      .toBuffer();
    const body = multipart(jpeg, 'car.jpg', 'image/jpeg');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(created.statusCode, created.body).toBe(201);
    const upload = created.json() as Upload;
    expect(upload).toMatchObject({ url: `/api/uploads/${upload.id}`, width: 1600, height: 1067 });

    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, upload.id));
    const listed = await createS3Storage(s3.options).client.send(
      new ListObjectsV2Command({ Bucket: s3.options.bucket, Prefix: `${row!.storageKey}/` }),
    );
    expect(listed.Contents?.map((object) => object.Key).sort()).toEqual([1600, 320, 800].map((w) => `${row!.storageKey}/${w}.webp`));
    expect(await readdir(dataDir)).not.toContain('objects');

    for (const w of [320, 800, 1600]) {
      const served = await t.app.inject({ method: 'GET', url: `${upload.url}?w=${w}`, headers: { cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(w);
    }
  });
});
