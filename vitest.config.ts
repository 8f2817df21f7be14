import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config.ts';

// Two forks on this 2-core machine; integration tests start their own database per file.
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    include: [
      'core/**/*.test.ts',
      'server/**/*.test.ts',
      'client/src/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/dom-wait-time.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
