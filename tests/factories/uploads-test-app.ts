import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Upload } from '@core/schemas/upload.ts';
import type { Clock } from '../../server/clock.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { useTestApp, type DatabaseKind } from '../integration/test-app.ts';
import { createAdmin } from './index.ts';
import { multipart } from './multipart.ts';
import { tinyJpeg } from './proof-of-service.ts';

/**
 * The app of the tests that upload photos (proof of service, offline actions, trust), set up and closed by the calling
 * describe block: its own uploads folder (removed after), an admin, requests signed in by cookie, and the clock put
 * back to `start` after each test, besides useTestApp's parts. `upload` posts an image (a tiny JPEG unless given) as
 * the user; it must be taken.
 */
export function useUploadsTestApp(kind: DatabaseKind, clock: Clock & { set: (date: Date) => void }, start: Date) {
  let dataDir: string | undefined;
  // Hooks registered before the app's: the folder is there before the app starts and removed after it closes.
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'glossly-uploads-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const testApp = useTestApp(kind, clock, () => ({ env: { DATA_DIR: dataDir! } }));
  let admin: UserRow;
  beforeAll(async () => {
    admin = await createAdmin(testApp.ctx, { password: undefined });
  });
  afterEach(() => clock.set(start));

  async function upload(user: UserRow, bytes?: Buffer): Promise<Upload> {
    const body = multipart(bytes ?? (await tinyJpeg()));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { cookie: await testApp.cookieFor(user), 'content-type': body.contentType },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Upload;
  }

  const uploads = Object.assign(testApp, { upload });
  // The admin is made in beforeAll, so it is read through a getter too (only inside tests and hooks).
  return Object.defineProperty(uploads, 'admin', { get: () => admin }) as typeof uploads & { readonly admin: UserRow };
}
