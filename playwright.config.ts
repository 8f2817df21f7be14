import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** CHROMIUM_PATH, else the `chromium` on the PATH (Debian's package). */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  return dirs.map((dir) => path.join(dir, 'chromium')).find((candidate) => existsSync(candidate));
}

const port = Number(process.env.E2E_PORT ?? 4173);

// The system Chromium (Debian's), never a downloaded browser; one worker on this 2-core machine.
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // A fresh in-memory database each run, seeded like the real start.
    command: 'node --import tsx tests/e2e/server.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // tests/e2e/auth.spec.ts starts a real SMTP server and OpenID provider on these loopback ports.
      SMTP_URL: 'smtp://127.0.0.1:4456',
      OIDC_ISSUER: 'http://127.0.0.1:4455',
      OIDC_CLIENT_ID: 'glossly-e2e',
      OIDC_CLIENT_SECRET: 'glossly-e2e-secret-value',
    },
  },
});
