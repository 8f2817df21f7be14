import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackS3 } from './loopback-s3.ts';
import { createS3Storage } from './s3-object-storage.ts';

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
