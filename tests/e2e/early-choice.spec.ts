import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { bookAndPay, expect, glossBossId, glossBossWash, signUp, test } from './fixtures.ts';

// Issue 40: a choice made on a drawn screen before the app is live is never lost (decision 052). Each test holds the
// app's code (the entry start-app.js imports) so the screen stays as the server drew it, taps on it, then lets the
// code through and checks that the app acted on every tap.

const shots = '/work/shots/early';

// The service worker would serve the app's code from its cache on a second visit, past the hold.
test.use({ serviceWorkers: 'block' });

/** Holds the app's entry until `release`: the page shows its drawn screen, and nothing of the app runs. */
async function holdTheApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, held };
}

/**
 * Opens `path` and returns once its drawn screen is up and the app's entry has been asked for and held. (The suite's
 * `goto` waits for the app, which is held here.)
 */
async function openDrawn(page: Page, path: string, held: string[]) {
  const url = new URL(path, test.info().project.use.baseURL).href;
  await page.evaluate((address) => location.assign(address), url);
  await page.waitForURL(url, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html[data-before-live]')).toHaveCount(1);
  await expect.poll(() => held.length).toBeGreaterThan(0);
}

async function letTheAppIn(page: Page, release: () => void) {
  release();
  await expect(page.locator('html[data-before-live]')).toHaveCount(0);
}

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

test('[VISITOR] a service and a vehicle chosen before the app is live are chosen once it is', async ({ page }) => {
  const { release, held } = await holdTheApp(page);
  await openDrawn(page, `/booking/${glossBossId}`, held);

  await page.getByRole('button', { name: 'Select Basic Exterior Wash' }).click();
  await page.screenshot({ path: `${shots}/booking-pressed-before-live.png` });
  await page.getByLabel('Vehicle Type').selectOption('Sedan');
  await page.getByLabel('Additional Notes').fill('Gate code 1357');
  // Nothing of the app has run: the drawn screen shows the press, not the choice.
  await expect(page.getByRole('button', { name: 'Select Basic Exterior Wash' })).toHaveAttribute('aria-pressed', 'false');

  await letTheAppIn(page, release);
  await expect(page.getByRole('button', { name: 'Selected Basic Exterior Wash' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Vehicle Type')).toHaveValue('Sedan');
  await expect(page.getByLabel('Additional Notes')).toHaveValue('Gate code 1357');
  await page.screenshot({ path: `${shots}/booking-chosen-after-live.png` });
  // The app holds them, not only the page: with a service and a vehicle, the step can be left.
  await page.getByRole('button', { name: 'Continue to Schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Select Date & Time' })).toBeVisible();
});

test('[VISITOR] an email typed and a tab tapped before the app is live are kept', async ({ page }) => {
  const { release, held } = await holdTheApp(page);
  await openDrawn(page, '/login', held);
  await page.getByLabel('Email').fill('early@example.com');
  await letTheAppIn(page, release);
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  // Held by the form too: signing in without a password names the password alone.
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText(/^(Required|Please enter a valid email address)$/)).toHaveCount(0);

  const again = await holdTheApp(page);
  await openDrawn(page, '/login', again.held);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.screenshot({ path: `${shots}/login-tab-pressed-before-live.png` });
  await letTheAppIn(page, again.release);
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
});

test('[CUSTOMER] a month turned and a ZIP typed on a drawn step 2 before the app is live are kept', async ({ page }) => {
  // A booking made and cancelled first: 'Book again' opens on a drawn step 2.
  test.setTimeout(60_000);
  await signUp(page.request, 'Early Tapper');
  const past = await bookAndPay(page.request, 7, '10:00 AM');
  expect((await page.request.post(`/api/bookings/${past.id}/cancel`, { data: {} })).status()).toBe(200);
  const { serviceId } = await glossBossWash(page.request);

  const { release, held } = await holdTheApp(page);
  await openDrawn(page, `/booking/${glossBossId}?serviceId=${serviceId}&rebook=${past.id}`, held);
  await expect(page.getByRole('heading', { name: 'Select Date & Time' })).toBeVisible();
  const month = page.locator('#calendar-month');
  const shown = new Date(`1 ${await month.textContent()}`);
  const next = new Date(shown.getFullYear(), shown.getMonth() + 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  await page.getByLabel('Zip').fill('94107');
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.screenshot({ path: `${shots}/rebook-month-pressed-before-live.png` });

  await letTheAppIn(page, release);
  await expect(month).toHaveText(next);
  await expect(page.getByLabel('Zip')).toHaveValue('94107');
  await page.screenshot({ path: `${shots}/rebook-month-turned-after-live.png` });
});
