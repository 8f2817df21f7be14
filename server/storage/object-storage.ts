import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/**
 * Where uploaded files live (message photos), by key: one interface, so a bucket service can replace the local
 * disk without the services noticing. Keys are the services' own (`messages/12/ab34.webp`), never a user's text.
 */
export type ObjectStorage = {
  put(key: string, data: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a key with none is not an error. */
  delete(key: string): Promise<void>;
};

/** Lower-case letters, digits, '-', '_' and '.' in '/'-separated segments; no empty, '.' or '..' segment. */
const keyPattern = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)*$/;

/** Refuses a key that could leave the storage's folder or name something odd: a programming error, not input. */
export function checkObjectKey(key: string): string {
  if (key.length > 200 || !keyPattern.test(key)) throw new Error(`Invalid object storage key: ${JSON.stringify(key)}`);
  return key;
}

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

/** The app's storage: the local disk under DATA_DIR/objects, next to the embedded database. */
export function createObjectStorage(config: { DATA_DIR: string }): ObjectStorage {
  return createLocalDiskStorage(path.resolve(rootDir, config.DATA_DIR, 'objects'));
}
