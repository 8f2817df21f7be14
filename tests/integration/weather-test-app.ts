import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import { createAdmin } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, type DatabaseKind, type TestApp } from './test-app.ts';

/**
 * The app of the admin's demo-only pages (the weather test page, the debug routes), set up and closed by the
 * calling describe block; `env: { DEMO_MODE: 'false' }` builds it with those pages switched off.
 */
export function useDemoAdminApp(kind: DatabaseKind, options: { clock?: Clock; env?: Record<string, string> } = {}) {
  const clock = options.clock ?? createTestClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: options.env });
  });
  afterAll(() => t?.close());
  const { call } = createCaller(() => t, clock);
  return {
    clock,
    call,
    /** An admin without a password: hashing one per test would only measure argon2. */
    admin: () => createAdmin(t.ctx, { password: undefined }),
    /** The running app's parts (only inside tests and hooks). */
    get ctx() {
      return t.ctx;
    },
    get db() {
      return t.db;
    },
    get config() {
      return t.config;
    },
  };
}
