import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Upload } from '@core/schemas/upload.ts';
import type { Clock } from '../../server/clock.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCaller, createTestApp, type DatabaseKind, type TestApp } from '../integration/test-app.ts';
import { createAdmin } from './index.ts';
import { multipart } from './multipart.ts';
import { tinyJpeg } from './proof-of-service.ts';

/**
 * The app of the tests that upload photos (proof of service, offline actions, trust), set up and closed by the calling
 * describe block: its own uploads folder (removed after), an admin, requests signed in by cookie, and the clock put
 * back to `start` after each test. `upload` posts an image (a tiny JPEG unless given) as the user; it must be taken.
 */
export function useUploadsTestApp(kind: DatabaseKind, clock: Clock & { set: (date: Date) => void }, start: Date) {
  let t: TestApp;
  let dataDir: string | undefined;
  let admin: UserRow;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'glossly-uploads-'));
    t = await createTestApp(kind, { clock, env: { DATA_DIR: dataDir } });
    admin = await createAdmin(t.ctx, { password: undefined });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => clock.set(start));

  const { call, cookieFor } = createCaller(() => t, clock);

  async function upload(user: UserRow, bytes?: Buffer): Promise<Upload> {
    const body = multipart(bytes ?? (await tinyJpeg()));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { cookie: await cookieFor(user), 'content-type': body.contentType },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Upload;
  }

  return {
    call,
    cookieFor,
    upload,
    /** The running app's parts and its admin (only inside tests and hooks). */
    get app() {
      return t.app;
    },
    get ctx() {
      return t.ctx;
    },
    get db() {
      return t.db;
    },
    get admin() {
      return admin;
    },
  };
}
