import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage, createMemoryStorage, type ObjectStorage } from './object-storage.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'glossly-storage-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe.each([
  ['local disk', () => createLocalDiskStorage(root)],
  ['memory', () => createMemoryStorage()],
] as const)('object storage: %s', (_name, make: () => ObjectStorage) => {
  it('puts, gets and deletes by key', async () => {
    const storage = make();
    await storage.put('messages/1/photo.webp', Buffer.from('bytes'));
    expect((await storage.get('messages/1/photo.webp'))?.toString()).toBe('bytes');
    await storage.put('messages/1/photo.webp', Buffer.from('newer'));
    expect((await storage.get('messages/1/photo.webp'))?.toString()).toBe('newer');
    await storage.delete('messages/1/photo.webp');
    expect(await storage.get('messages/1/photo.webp')).toBeNull();
    await storage.delete('messages/1/photo.webp');
  });

  it('answers null for a key with nothing under it', async () => {
    expect(await make().get('messages/404/none.webp')).toBeNull();
  });

  it.each(['../escape', 'messages/../../x', '/absolute', 'Upper/Case', 'a//b', './a', 'a/.', ''])('refuses the key %j', async (key) => {
    await expect(make().put(key, Buffer.from('x'))).rejects.toThrow('Invalid object storage key');
    await expect(make().get(key)).rejects.toThrow('Invalid object storage key');
  });
});

it('leaves no partial file behind on the disk', async () => {
  const storage = createLocalDiskStorage(root);
  await storage.put('messages/2/a.webp', Buffer.from('a'));
  expect(await readdir(path.join(root, 'messages', '2'))).toEqual(['a.webp']);
});
