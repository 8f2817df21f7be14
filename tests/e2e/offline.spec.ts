import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './fixtures.ts';

// The installable app (decision 016): the service worker precaches the shell on the first visit, so the next one
// opens with the network cut and says so, while the API is never answered from the worker's cache.
// Plain Playwright `test`: with the network cut the page's API calls fail by design, and the browser logs each one.

test('[GUEST] after one online visit, the app opens offline from the service worker and says it is offline', async ({ page, context }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  const offlineNotice = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(offlineNotice).toHaveCount(0);

  // Registered from main.tsx, installed (the precache is complete once it is active) and in control of the page.
  const worker = await page.evaluate(async () => {
    const gaveUp = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
    const registration = await Promise.race([navigator.serviceWorker.ready, gaveUp]);
    if (!registration) return { script: 'no worker became ready in 10 s', scope: '', controlled: false };
    if (!navigator.serviceWorker.controller) {
      await Promise.race([
        new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })),
        gaveUp,
      ]);
    }
    return { script: registration.active?.scriptURL, scope: registration.scope, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(worker.script).toMatch(/\/sw\.js$/);
  expect(new URL(worker.scope).pathname).toBe('/');
  expect(worker.controlled).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    // The shell: the header and the bottom navigation, drawn by the app's own scripts from the worker's cache.
    await expect(page.getByTestId('header-title')).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(offlineNotice).toBeVisible();
    await expect(offlineNotice).toContainText('needs a connection');
    expect(await accessibilityViolations(page)).toEqual([]);
    // Another page of the app opens the same way.
    await page.goto('/bookings');
    await expect(page.getByTestId('header-title')).toBeVisible();
    await expect(offlineNotice).toBeVisible();
    // The API is never served from the worker: with no network, it fails.
    const api = await page.evaluate(() =>
      Promise.all(
        ['/api/services', '/api/auth/user', '/api/bookings'].map((url) =>
          fetch(url, { credentials: 'include' }).then(
            (response) => `${url} answered ${response.status}`,
            () => `${url} failed`,
          ),
        ),
      ),
    );
    expect(api).toEqual(['/api/services failed', '/api/auth/user failed', '/api/bookings failed']);
  } finally {
    await context.setOffline(false);
  }

  // Back online: the notice goes.
  await expect(offlineNotice).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
