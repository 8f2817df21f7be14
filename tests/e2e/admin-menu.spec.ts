import type { Page } from '@playwright/test';
import { accessibilityViolations, bookWash, expect, signInAsDemo, signUp, test } from './fixtures.ts';

/** Each entry of the admin menu, where it leads and the heading its page shows. */
const menu = [
  { label: 'Overview', url: '/admin', heading: 'Admin overview' },
  { label: 'Users', url: '/admin/users', heading: 'Users' },
  { label: 'Services', url: '/admin/services', heading: 'Services' },
  { label: 'Bookings', url: '/admin/bookings', heading: 'Bookings' },
  { label: 'Messages', url: '/admin/messages', heading: 'Messages' },
  { label: 'Documents', url: '/admin/documents', heading: 'Documents' },
  { label: 'Notifications', url: '/admin/notifications', heading: 'Notifications' },
  { label: 'Marketing', url: '/admin/marketing', heading: 'Marketing' },
  { label: 'Plans', url: '/admin/subscription-plans', heading: 'Manage Plans' },
  { label: 'Settings', url: '/admin/settings', heading: 'Settings' },
] as const;

const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'Admin menu' });

test('[ADMIN] reaches every admin page from the admin menu, from the Admin tab on', async ({ page }) => {
  await signInAsDemo(page.request, 'admin');
  await page.goto('/');
  // The bottom navigation's Admin tab (the spec's /admin/subscription-plans) is the way in; the menu goes everywhere else.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/subscription-plans$/);
  await expect(adminMenu(page).getByRole('link', { name: 'Plans' })).toHaveAttribute('aria-current', 'page');

  for (const item of menu) {
    const link = adminMenu(page).getByRole('link', { name: item.label, exact: true });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${item.url.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('main').getByRole('heading', { name: item.heading, exact: true })).toBeVisible();
    await expect(adminMenu(page).getByRole('link', { name: item.label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(adminMenu(page).locator('[aria-current]')).toHaveCount(1);
    // The link of the page being shown is on screen, even at the far end of the row.
    await expect(adminMenu(page).getByRole('link', { name: item.label, exact: true })).toBeInViewport({ ratio: 1 });
  }
});

test('[ADMIN] the menu fits a 390 px phone by scrolling sideways, and is on pages below a menu entry', async ({ page }) => {
  await signInAsDemo(page.request, 'admin');
  await page.goto('/admin');
  const row = adminMenu(page).getByRole('list');
  await expect(row.getByRole('listitem')).toHaveCount(menu.length);
  const sizes = await row.evaluate((list) => ({ scroll: list.scrollWidth, client: list.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  // The row scrolls, not the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const link of await adminMenu(page).getByRole('link').all()) {
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  await page.goto('/admin/marketing/campaigns/new');
  await expect(page.getByRole('main').getByRole('heading', { name: 'New campaign', exact: true })).toBeVisible();
  await expect(adminMenu(page).getByRole('link', { name: 'Marketing' })).toHaveAttribute('aria-current', 'true');
});

test('[ADMIN] /admin/bookings with its menu passes axe and names people, not ids', async ({ page, playwright }) => {
  const customerApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  // A new customer books the Basic Exterior Wash through the API (a slot no other spec takes).
  const customer = await signUp(customerApi, 'Nadia Named');
  const booking = await bookWash(customerApi, 8, '1:00 PM');
  await customerApi.dispose();

  await signInAsDemo(page.request, 'admin');
  await page.goto('/admin/bookings');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Bookings', exact: true })).toBeVisible();
  await expect(adminMenu(page)).toBeVisible();
  const row = page.getByRole('list', { name: 'Bookings' }).getByTestId(`booking-${booking.id}`);
  await expect(row.getByText(`${customer.name} with ${booking.detailerBusinessName}`, { exact: true })).toBeVisible();
  await expect(page.getByText(/Customer #\d+/)).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  // On a narrow phone the cards keep the page's 16 px margin on the right too: a line too long for a card is cut
  // short, it does not widen the column.
  await page.setViewportSize({ width: 320, height: 700 });
  const cardsRightEdge = await page
    .getByRole('list', { name: 'Bookings' })
    .locator('[data-testid^="booking-"]')
    .evaluateAll((cards) => Math.max(...cards.map((card) => card.getBoundingClientRect().right)));
  expect(cardsRightEdge).toBeLessThanOrEqual(320 - 16);
});

test('[CUSTOMER] sees no admin menu: admin pages stay closed', async ({ page }) => {
  const response = await page.request.post('/api/auth/demo-login', { data: { role: 'customer' } });
  expect(response.status()).toBe(200);
  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expect(adminMenu(page)).toHaveCount(0);
});
