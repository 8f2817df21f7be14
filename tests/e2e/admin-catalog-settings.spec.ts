import type { APIRequestContext } from '@playwright/test';
import {
  accessibilityViolations,
  dismissNotificationPrompt,
  expect,
  glossBossId,
  glossBossWash,
  signInAsDemo,
  signUp,
  test,
  workdayAhead,
} from './fixtures.ts';

// Issue 19: the platform settings in the database (decision 022) and /admin/services. All specs share one server
// database, so every change made here is put back before the test ends.

/** Puts the spec's $15.00 fee back, whatever the test did. */
async function restoreServiceFee(request: APIRequestContext) {
  const response = await request.patch('/api/admin/settings', { data: { serviceFeeCents: 1500 } });
  expect(response.status(), await response.text()).toBe(200);
}

test("[ADMIN] changes the service fee; a customer's new booking is priced with it, and the fee goes back", async ({ page, browser }) => {
  // Two browsers, a booking and the help centre: longer than one page's default.
  test.setTimeout(90_000);
  await signInAsDemo(page.request, 'admin');
  try {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const fee = page.getByLabel('Service fee ($)');
    await expect(fee).toHaveValue('15');
    expect(await accessibilityViolations(page)).toEqual([]);

    await fee.fill('19.5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    const changes = page.getByRole('list', { name: 'Setting changes' });
    await expect(changes.getByRole('listitem').first()).toContainText('Service fee: $15.00 → $19.50');
    await expect(changes.getByRole('listitem').first()).toContainText('Jordan Blake');

    // A customer in a browser of their own: the preview and their new booking both carry the new fee.
    const context = await browser.newContext();
    await dismissNotificationPrompt(context);
    const customerPage = await context.newPage();
    await signUp(customerPage.request, 'Fee Customer');
    const { serviceId, timeZone } = await glossBossWash(customerPage.request);
    const created = await customerPage.request.post('/api/bookings', {
      data: {
        detailerId: glossBossId,
        serviceId,
        vehicleType: 'Sedan',
        date: workdayAhead(timeZone, 13),
        time: '11:00 AM',
        address: '500 Howard St',
        city: 'San Francisco',
        zip: '94105',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { id: number; serviceFeeCents: number; totalCents: number };
    expect(booking).toMatchObject({ serviceFeeCents: 1950, totalCents: 5900 + 1950 + 472 });

    await customerPage.goto(`/bookings/${booking.id}`);
    const payment = customerPage.locator('dl').filter({ hasText: 'Service Fee' });
    await expect(payment.getByText('$19.50')).toBeVisible();
    await expect(payment.getByText('$83.22')).toBeVisible();
    expect(await accessibilityViolations(customerPage)).toEqual([]);

    // The help centre states the live fee too.
    await customerPage.goto('/help-support');
    await customerPage.getByRole('button', { name: 'What does a booking cost?' }).click();
    await expect(customerPage.getByText(/\$59\.00 \+ \$19\.50 fee \+ \$4\.72 tax = \$83\.22/)).toBeVisible();

    // The hold is given back (a free cancellation), so no other spec meets it.
    expect((await customerPage.request.post(`/api/bookings/${booking.id}/cancel`, { data: {} })).status()).toBe(200);
    await context.close();
  } finally {
    await restoreServiceFee(page.request);
  }
  await page.reload();
  await expect(page.getByLabel('Service fee ($)')).toHaveValue('15');
});

test('[ADMIN] adds a category, hides it from the home screen and shows it again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page.request, 'admin');
  const name = `E2E Care ${Date.now().toString(36)}`;
  const context = await browser.newContext();
  const visitor = await context.newPage();
  try {
    await page.goto('/admin/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Categories', selected: true })).toBeVisible();
    await page.getByLabel('New category').fill(name);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText(`${name} added`, { exact: true })).toBeVisible();
    const categories = page.getByRole('list', { name: 'Categories in home screen order' });
    const row = categories.getByRole('listitem').filter({ hasText: name });
    await expect(row).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    await visitor.goto('/');
    await expect(visitor.getByRole('button', { name })).toBeVisible();

    await row.getByRole('button', { name: `Hide ${name}` }).click();
    await expect(page.getByText(`${name} is hidden from customers`, { exact: true })).toBeVisible();
    await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('button', { name: 'All Services' })).toBeVisible();
    await expect(visitor.getByRole('button', { name })).toHaveCount(0);

    await row.getByRole('button', { name: `Show ${name}` }).click();
    await expect(page.getByText(`${name} is shown to customers`, { exact: true })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('button', { name })).toBeVisible();

    // Every detailer's services, searchable, on the other tab.
    await page.getByRole('tab', { name: 'All services' }).click();
    await page.getByLabel('Search services').fill('Basic Exterior');
    const services = page.getByRole('list', { name: 'Services' });
    await expect(services.getByRole('listitem').first()).toContainText('Basic Exterior Wash');
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    // An empty category of the test's own leaves the shared home screen as it was.
    const listed = (await (await page.request.get('/api/admin/categories')).json()) as { id: number; name: string }[];
    const made = listed.find((category) => category.name === name);
    if (made) await page.request.patch(`/api/admin/categories/${made.id}`, { data: { isHidden: true } });
    await context.close();
  }
});
