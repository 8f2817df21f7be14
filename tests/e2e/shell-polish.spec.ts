import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The shell at the 390x844 reference viewport: where each role lands, the tour button, toasts, the bottom
// navigation's labels and one visible h1 per page.

type Box = { x: number; y: number; width: number; height: number };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function box(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  const found = await locator.boundingBox();
  expect(found, 'a bounding box').not.toBeNull();
  return found!;
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * True when what the browser hits at the element's centre belongs to `container` (the element itself, or the card's
 * own stretched link): nothing from outside it, such as a floating button, covers it.
 */
async function isUncoveredAtCentre(locator: Locator, container: Locator): Promise<boolean> {
  const owner = await container.elementHandle();
  return locator.evaluate((element, card) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && (card as Element).contains(hit);
  }, owner);
}

async function demoSignIn(page: Page, role: 'customer' | 'detailer' | 'admin') {
  const response = await page.request.post('/api/auth/demo-login', { data: { role } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function emailSignIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('glossly-demo');
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('where each role lands', () => {
  test('[DETAILER] signs in with email and lands on the job dashboard, which is their Home', async ({ page }) => {
    await page.goto('/login');
    await emailSignIn(page, 'detailer@demo.glossly.app');
    await expect(page).toHaveURL(/\/detailer$/);
    const home = mainNav(page).getByRole('link', { name: 'Home' });
    await expect(home).toHaveAttribute('href', '/detailer');
    await expect(home).toHaveAttribute('aria-current', 'page');
    // The dashboard is the detailer's home: no back button to a home that sends them back here.
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveCount(0);

    // The customers' booking home is not a detailer's: '/' opens the dashboard.
    await page.goto('/');
    await expect(page).toHaveURL(/\/detailer$/);
    await expect(page.locator('h1:visible')).toHaveCount(1);

    // Elsewhere, Home and Back lead to the dashboard, and Home is not lit on the other /detailer pages.
    await page.goto('/detailer/availability');
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/detailer');
  });

  test('[DETAILER] a return-to target still wins over the dashboard', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await emailSignIn(page, 'detailer@demo.glossly.app');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('[ADMIN] signs in on /demo-login and lands on the admin overview', async ({ page }) => {
    await page.goto('/demo-login');
    await page.getByRole('button', { name: /Continue as Admin/ }).click();
    await expect(page).toHaveURL(/\/admin$/);
    // An admin's Home is the admin overview (issue 37: the home screen is a customer's), and Bookings every booking.
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/admin');
    await expect(mainNav(page).getByRole('link', { name: 'Bookings' })).toHaveAttribute('href', '/admin/bookings');
  });

  test('[CUSTOMER] signs in with email and lands on the home screen', async ({ page }) => {
    await page.goto('/login');
    await emailSignIn(page, 'customer@demo.glossly.app');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Alex!' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test("[CUSTOMER] the 'Take Tour' button covers neither the first detailer's distance nor its 'Book Now'", async ({ page }) => {
  await demoSignIn(page, 'customer');
  await page.goto('/');
  const firstCard = page.getByRole('region', { name: 'Nearby Detailers' }).getByRole('article').first();
  const distance = firstCard.getByText(/miles? away/);
  const bookNow = firstCard.getByRole('link', { name: /Book Now/ });
  const tourButton = page.getByRole('button', { name: 'Take Tour' });

  for (const scroll of ['top', 'card'] as const) {
    // The middle of the screen: "if needed" leaves a card that peeks above the bottom navigation where it is.
    if (scroll === 'card') await bookNow.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const tour = await box(tourButton);
    expect(intersects(tour, await box(distance)), `Take Tour over the distance (${scroll})`).toBe(false);
    expect(intersects(tour, await box(bookNow)), `Take Tour over Book Now (${scroll})`).toBe(false);
  }
  // Scrolled to the card (at the top the home map may leave it under the bottom navigation, as any page below the
  // fold): nothing lies over it.
  expect(await isUncoveredAtCentre(distance, firstCard), 'nothing covers the distance').toBe(true);
  expect(await isUncoveredAtCentre(bookNow, bookNow), 'nothing covers Book Now').toBe(true);
  // And it still opens the tour.
  await tourButton.click();
  await expect(page.getByRole('dialog').getByText(/^Step 1 of \d+$/)).toBeVisible();
});

test('[CUSTOMER] seven bottom-navigation items keep every label on one line at 390 px', async ({ page }) => {
  await demoSignIn(page, 'customer');
  await page.goto('/garage'); // My Cars joins while on /garage: seven items.
  const items = mainNav(page).getByRole('listitem');
  await expect(items).toHaveCount(7);
  await expect(mainNav(page).getByRole('link', { name: 'Smart Book' })).toBeVisible();

  const labels = await items.evaluateAll((lis) =>
    lis.map((li) => {
      const label = li.querySelector('a > span, span[role="link"] > span')!;
      const range = document.createRange();
      range.selectNodeContents(label);
      // One rectangle per line box the text occupies.
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      const itemRect = li.getBoundingClientRect();
      return {
        text: label.textContent,
        lines,
        height: label.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(label).lineHeight),
        itemLeft: itemRect.left,
        itemRight: itemRect.right,
        itemWidth: itemRect.width,
        itemHeight: itemRect.height,
      };
    }),
  );
  expect(labels.map((label) => label.text)).toEqual(['Home', 'Bookings', 'Messages', 'Smart Book', 'Track', 'My Cars', 'Profile']);
  for (const label of labels) {
    expect(label.lines, `${label.text} on one line`).toBe(1);
    expect(label.height, `${label.text} one line high`).toBeLessThanOrEqual(label.lineHeight + 1);
    expect(label.itemLeft, `${label.text} on screen`).toBeGreaterThanOrEqual(0);
    expect(label.itemRight, `${label.text} on screen`).toBeLessThanOrEqual(390);
    expect(label.itemWidth, `${label.text} touch target`).toBeGreaterThanOrEqual(44);
  }
  // All seven items are the same height: none grew a second line.
  expect(new Set(labels.map((label) => Math.round(label.itemHeight))).size).toBe(1);
});

test.describe('toasts', () => {
  test("[CUSTOMER] a toast sits above the bottom nav, clear of the header, the bell's badge and the page's title, stays above an open dialog, and goes when the reader leaves its page", async ({
    page,
  }) => {
    // Five unread notifications, so the badge is on the bell.
    await page.route('**/api/notifications/count**', (route) => route.fulfill({ json: { count: 5 } }));
    await page.goto('/login');
    await emailSignIn(page, 'customer@demo.glossly.app');
    const toast = page.locator('[role="region"][aria-label^="Notifications (F8)"] li');
    await expect(toast).toContainText("You've been logged in successfully");
    const badge = page.getByTestId('unread-badge');
    await expect(badge).toHaveText('5');

    const header = await box(page.locator('header'));
    const toastBox = await box(toast);
    const nav = await box(page.locator('nav[aria-label="Main"]'));
    expect(toastBox.y + toastBox.height, 'the toast ends above the bottom nav').toBeLessThanOrEqual(nav.y + 0.5);
    expect(intersects(toastBox, header), 'the toast clear of the header').toBe(false);
    expect(intersects(toastBox, await box(page.locator('h1:visible').first())), "the toast clear of the page's title").toBe(false);
    expect(intersects(toastBox, await box(badge)), 'the toast clear of the badge').toBe(false);
    expect(intersects(toastBox, await box(page.locator('nav[aria-label="Main"]'))), 'clear of the bottom nav').toBe(false);

    // Over an open dialog (the bell's panel) the toast stays the top layer; the header, the badge and the nav stay
    // under the dialog.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.locator('[role="dialog"]')).toBeVisible();
    const stack = await page.evaluate(() => {
      const zOf = (element: Element | null) => {
        for (let node = element; node; node = node.parentElement) {
          const z = getComputedStyle(node).zIndex;
          const position = getComputedStyle(node).position;
          if (z !== 'auto' && position !== 'static') return Number(z);
        }
        return 0;
      };
      const toastItem = document.querySelector('[role="region"][aria-label^="Notifications"] li');
      const rect = toastItem!.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return {
        toastOnTop: toastItem!.contains(hit),
        header: zOf(document.querySelector('header')),
        nav: zOf(document.querySelector('nav[aria-label="Main"]')),
        dialog: zOf(document.querySelector('[role="dialog"]')),
        toast: zOf(toastItem),
      };
    });
    expect(stack.toastOnTop, 'the toast is what a tap on it hits').toBe(true);
    expect(stack.header).toBe(stack.nav);
    expect(stack.dialog).toBeGreaterThan(stack.header);
    expect(stack.toast).toBeGreaterThan(stack.dialog);

    // The sign-in toast came with the navigation to Home; leaving Home takes it away, it does not follow.
    await page.keyboard.press('Escape');
    await expect(toast).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' }).click();
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(page.locator('h1:visible')).toHaveCount(1);
    await expect(toast).toHaveCount(0);
  });
});

/** Exactly one visible h1, with text, once the page has settled; the header's title is not a heading. */
async function expectOneVisibleH1(page: Page, path: string) {
  await page.goto(path);
  const headings = page.locator('h1:visible');
  await expect(headings, path).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await expect(headings, `${path} after loading`).toHaveCount(1);
  await expect(headings, path).toHaveText(/\S/);
  await expect(page.getByRole('banner').locator('h1'), `${path}: the header has no h1`).toHaveCount(0);
}

test('[VISITOR] every public page shows exactly one visible h1 under the header', async ({ page }) => {
  for (const path of [
    '/',
    '/login',
    '/demo-login',
    '/forgot-password',
    '/reset-password',
    '/verify-email',
    '/detailers',
    '/detailers/1',
    '/services/1',
    '/booking/1',
    '/subscription-plans',
    '/smart-booking',
    '/privacy-policy',
    '/terms-of-service',
    '/help-support',
    '/no-such-page',
  ]) {
    await expectOneVisibleH1(page, path);
  }
});

test('[CUSTOMER] every customer page shows exactly one visible h1 under the header', async ({ page }) => {
  await demoSignIn(page, 'customer');
  for (const path of [
    '/',
    '/bookings',
    '/profile',
    '/messages',
    '/garage',
    '/referrals',
    '/account/subscription',
    '/track-provider',
    '/payment-methods',
    '/notification-settings',
    '/payment-success',
  ]) {
    await expectOneVisibleH1(page, path);
  }
});

test('[DETAILER] [ADMIN] the role home pages show exactly one visible h1 under the header', async ({ page }) => {
  await demoSignIn(page, 'detailer');
  for (const path of ['/detailer', '/detailer/availability', '/detailer/location-sharing']) {
    await expectOneVisibleH1(page, path);
  }
  await demoSignIn(page, 'admin');
  for (const path of ['/admin', '/admin/users', '/admin/bookings']) {
    await expectOneVisibleH1(page, path);
  }
});
