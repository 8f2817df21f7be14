import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStartupFailure } from '../startup.ts';
import { startLoopbackS3 } from './loopback-s3.ts';
import { checkS3Bucket, createS3Storage } from './s3-object-storage.ts';

describe('object storage: S3 (s3rver on loopback)', () => {
  let s3: Awaited<ReturnType<typeof startLoopbackS3>>;
  beforeAll(async () => {
    s3 = await startLoopbackS3();
  });
  afterAll(() => s3?.close());

  it('puts, gets, replaces and deletes by key', async () => {
    const storage = createS3Storage(s3.options);
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255]);
    await storage.put('uploads/abc/320.webp', bytes);
    expect(await storage.get('uploads/abc/320.webp')).toEqual(bytes);
    await storage.put('uploads/abc/320.webp', Buffer.from('newer'));
    expect((await storage.get('uploads/abc/320.webp'))?.toString()).toBe('newer');
    await storage.delete('uploads/abc/320.webp');
    expect(await storage.get('uploads/abc/320.webp')).toBeNull();
  });

  it('answers null for a missing key, and deleting one is not an error', async () => {
    const storage = createS3Storage(s3.options);
    expect(await storage.get('uploads/none/800.webp')).toBeNull();
    await expect(storage.delete('uploads/none/800.webp')).resolves.toBeUndefined();
  });

  it('refuses a key that could name something odd before any request', async () => {
    await expect(createS3Storage(s3.options).put('../escape', Buffer.from('x'))).rejects.toThrow('Invalid object storage key');
  });

  it('fails loudly on an unknown access key instead of answering null', async () => {
    await createS3Storage(s3.options).put('uploads/signed/320.webp', Buffer.from('x'));
    const storage = createS3Storage({ ...s3.options, accessKeyId: 'NOBODY' });
    await expect(storage.get('uploads/signed/320.webp')).rejects.toThrow();
    await expect(storage.put('uploads/signed/800.webp', Buffer.from('x'))).rejects.toThrow();
  });

  it('fails loudly on a bucket that does not exist', async () => {
    const storage = createS3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(storage.put('uploads/x/320.webp', Buffer.from('x'))).rejects.toThrow();
  });
});

describe("start-up's bucket check", () => {
  let s3: Awaited<ReturnType<typeof startLoopbackS3>>;
  beforeAll(async () => {
    s3 = await startLoopbackS3();
  });
  afterAll(() => s3?.close());

  const lineOf = async (check: Promise<void>) =>
    describeStartupFailure(
      await check.then(
        () => undefined,
        (error: unknown) => error,
      ),
    );

  it('passes for a bucket that answers', async () => {
    await expect(checkS3Bucket(s3.options)).resolves.toBeUndefined();
  });

  it('names S3_BUCKET for a missing bucket and S3_ACCESS_KEY_ID for refused keys', async () => {
    const target = new URL(s3.options.endpoint).host;
    expect(await lineOf(checkS3Bucket({ ...s3.options, bucket: 'no-such-bucket' }))).toBe(
      `Cannot start: S3_BUCKET no-such-bucket does not exist at ${target}`,
    );
    expect(await lineOf(checkS3Bucket({ ...s3.options, accessKeyId: 'NOBODY' }))).toMatch(
      new RegExp(`^Cannot start: S3_ACCESS_KEY_ID: ${target} refused the keys for bucket glossly-test \\(40[13]\\)$`),
    );
  });

  it('names S3_ENDPOINT for a closed port and for a server that never answers', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    expect(await lineOf(checkS3Bucket({ ...s3.options, endpoint: `http://127.0.0.1:${closedPort}` }))).toBe(
      `Cannot start: S3_ENDPOINT: could not connect to 127.0.0.1:${closedPort} (ECONNREFUSED)`,
    );

    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      expect(await lineOf(checkS3Bucket({ ...s3.options, endpoint: `http://127.0.0.1:${silentPort}` }, 300))).toBe(
        `Cannot start: S3_ENDPOINT: no answer from 127.0.0.1:${silentPort} within 0.3 s`,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
