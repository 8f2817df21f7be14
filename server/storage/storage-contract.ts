/**
 * Where uploaded files live (message photos, uploads), by key: one interface, so a bucket (S3_BUCKET) replaces the
 * local disk without the services noticing. Keys are the services' own (`messages/12/ab34.webp`), never a user's text.
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
