import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { checkS3Bucket, createS3Storage, type S3StorageOptions } from './s3-object-storage.ts';
import { checkObjectKey, type ObjectStorage } from './storage-contract.ts';

export { checkObjectKey, type ObjectStorage } from './storage-contract.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** The default: files under `root` (DATA_DIR/objects), folders made on first write. */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...checkObjectKey(key).split('/'));
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, data);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Objects in memory, for tests that do not care where files go. */
export function createMemoryStorage(): ObjectStorage & { keys: () => string[] } {
  const objects = new Map<string, Buffer>();
  return {
    async put(key, data) {
      objects.set(checkObjectKey(key), Buffer.from(data));
    },
    async get(key) {
      const data = objects.get(checkObjectKey(key));
      return data ? Buffer.from(data) : null;
    },
    async delete(key) {
      objects.delete(checkObjectKey(key));
    },
    keys: () => [...objects.keys()],
  };
}

/** The repository's root: a relative DATA_DIR is resolved against it, as main.ts resolves the database's folder. */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type StorageConfig = Pick<Config, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

/** The bucket's options when S3 storage is configured (loadConfig has made sure all of them are set), else undefined. */
function s3Options(config: StorageConfig): S3StorageOptions | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT!,
    region: config.S3_REGION ?? 'us-east-1',
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
  };
}

/**
 * The app's storage: an S3-compatible bucket when S3_BUCKET is set, else the local disk under DATA_DIR/objects, next
 * to the embedded database.
 */
export function createObjectStorage(config: StorageConfig): ObjectStorage {
  const s3 = s3Options(config);
  return s3 ? createS3Storage(s3) : createLocalDiskStorage(path.resolve(rootDir, config.DATA_DIR, 'objects'));
}

/** Start-up's check (main.ts): the configured bucket answers; the local disk has nothing to check here. */
export async function checkObjectStorage(config: StorageConfig): Promise<void> {
  const s3 = s3Options(config);
  if (s3) await checkS3Bucket(s3);
}
