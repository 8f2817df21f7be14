import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from './s3-object-storage.ts';

/**
 * For tests only: a real S3 protocol peer (s3rver) on a loopback port, its bucket in a temporary folder. Answers the
 * storage options that reach it and `close`, which stops it and removes the folder.
 */
export async function startLoopbackS3(bucket = 'glossly-test'): Promise<{ options: S3StorageOptions; close: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'glossly-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    // s3rver's own credentials: it checks the signature as S3 would.
    options: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
