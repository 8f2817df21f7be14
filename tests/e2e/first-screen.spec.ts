import { bookAndPay, expect, expectConsoleErrors, signUp, test } from './fixtures.ts';

// Every page's first screen comes drawn in the page with its data: a signed-in reader's for them (decision 025), a
// visitor's for every visitor of its URL (decision 029): it reads without a script, its taps wait (decision 052), and the
// app, started after the paint, takes it over (decision 028) and works.

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('[VISITOR] the sign-in page is in the page the server sent; sent without the app, no password goes into the address', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByText('Welcome to Glossly', { exact: true })).toBeVisible();
    await expect(page.getByText('By continuing, you agree to our')).toBeVisible();
    // Links are plain links: they work before the app does.
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    // With scripts on, a tap here waits for the app (decision 052); with none, the form posts, so the fields never
    // reach the address (nor a log of it).
    await page.getByLabel('Email').fill('noscript@example.com');
    await page.getByLabel('Password').fill('not-in-the-address');
    // The server refuses a post without its CSRF token (403): that refusal is what the browser reports.
    expectConsoleErrors(page, /status of 403/);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForLoadState();
    expect(page.url()).not.toContain('not-in-the-address');
    expect(new URL(page.url()).search).toBe('');
  });

  test("[VISITOR] the home page is in the page with its lists' detailers and services", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Glossly!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sparkle Squad' }).first()).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  });

  test("[CUSTOMER] a signed-in customer's bookings are in the page the server sent, with their booking", async ({ page }) => {
    const account = await signUp(page.request, 'Drawn');
    const booking = await bookAndPay(page.request, 3, '10:00 AM');
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { name: 'Your bookings' })).toBeVisible();
    await expect(page.getByText('Basic Exterior Wash').first()).toBeVisible();
    await expect(page.locator(`a[href="/bookings/${booking.id}"]`).first()).toBeVisible();
    // The shell is theirs: the profile, not a sign-in link.
    await page.goto('/profile');
    await expect(page.getByText(account.email)).toBeVisible();
  });

  test("[VISITOR] a page with an id is drawn with that id's data", async ({ page }) => {
    await page.goto('/services/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basic Exterior Wash');
  });
});

test('[CUSTOMER] the app takes over a drawn page without asking again for who is signed in', async ({ page }) => {
  await signUp(page.request, 'Takeover');
  const sessionRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/session') sessionRequests.push(request.url());
  });
  await page.goto('/bookings');
  await expect(page.locator('html[data-before-live]')).toHaveCount(0);
  await expect(page.getByText('No bookings yet')).toBeVisible();
  await page.getByRole('link', { name: 'Book a detailer' }).click();
  await expect(page).toHaveURL(/\/detailers$/);
  await expect(page.getByRole('heading', { name: 'All Detailers' })).toBeVisible();
  expect(sessionRequests).toEqual([]);
});

test('[VISITOR] the app is fetched only once the drawn screen has painted, then takes it over', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html[data-before-live]')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toBeEnabled();
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => entry.startTime);
    return { paint, scripts };
  });
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
});

// The drawn screen's frame (the header, the page's heading, the menu's links), kept before any script of the page
// runs: hydration keeps these elements, a render from scratch would have replaced every one. (A list's skeleton is
// left out: its data replaces it either way.)
const keepDrawnScreen = () =>
  document.addEventListener('DOMContentLoaded', () => {
    (window as { drawn?: Element[] }).drawn = [...document.querySelectorAll('#root header, #root h1, #root nav a')];
  });

for (const { reader, path } of [
  { reader: 'VISITOR', path: '/' },
  { reader: 'VISITOR', path: '/login' },
  { reader: 'VISITOR', path: '/services/1' },
  { reader: 'CUSTOMER', path: '/' },
  { reader: 'CUSTOMER', path: '/bookings' },
  { reader: 'CUSTOMER', path: '/profile' },
]) {
  test(`[${reader}] the app takes over the drawn ${path} as it is: no element drawn again, no difference found`, async ({ page }) => {
    if (reader === 'CUSTOMER') await signUp(page.request, 'Hydrated');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.addInitScript(keepDrawnScreen);
    await page.goto(path);
    await expect(page.locator('html[data-before-live]')).toHaveCount(0);
    const drawn = await page.evaluate(() => {
      const elements = (window as { drawn?: Element[] }).drawn ?? [];
      return { count: elements.length, replaced: elements.filter((element) => !element.isConnected).length };
    });
    expect(drawn.count).toBeGreaterThan(3);
    expect(drawn.replaced).toBe(0);
    expect(warnings.filter((text) => text.includes('drawn screen differed'))).toEqual([]);
  });
}
