import type { Clock } from '../../server/clock.ts';
import { createAdmin } from '../factories/index.ts';
import { createTestClock, useTestApp, type DatabaseKind } from './test-app.ts';

/**
 * The app of the admin's demo-only pages (the weather test page, the debug routes), set up and closed by the
 * calling describe block; `env: { DEMO_MODE: 'false' }` builds it with those pages switched off.
 */
export function useDemoAdminApp(kind: DatabaseKind, options: { clock?: Clock; env?: Record<string, string> } = {}) {
  const clock = options.clock ?? createTestClock();
  const testApp = useTestApp(kind, clock, { env: options.env });
  return Object.assign(testApp, {
    clock,
    /** An admin without a password: hashing one per test would only measure argon2. */
    admin: () => createAdmin(testApp.ctx, { password: undefined }),
  });
}
