import { accessibilityViolations, expect, signUp, test } from './fixtures.ts';

test('[CUSTOMER] compares the plans, subscribes with 4242 4242 4242 4242 and sees My Subscription', async ({ page }) => {
  await signUp(page.request, 'Mia Member');
  await page.goto('/subscription-plans');
  await expect(page.getByRole('banner').getByText('Subscription Plans')).toBeVisible();
  await expect(page.getByText('Best value')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Subscribe to Plus' }).click();
  await expect(page).toHaveURL(/\/subscribe\?plan=\d+/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel(/Expir/).fill('12/30');
  await page.getByLabel(/CVC/).fill('123');
  await page.getByLabel(/ZIP/).fill('94107');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Pay $69.00 and subscribe' }).click();

  await expect(page).toHaveURL(/\/account\/subscription$/);
  await expect(page.getByRole('banner').getByText('My Subscription')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plus' })).toBeVisible();
  await expect(page.getByText('Active')).toBeVisible();
  await expect(page.getByText('Visits left this month')).toBeVisible();
  await expect(page.getByText('First month')).toBeVisible();
  expect(await accessibilityViolations(page, { toasts: true })).toEqual([]);

  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByRole('button', { name: 'Resume membership' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume membership' }).click();
  await expect(page.getByRole('button', { name: 'Cancel at period end' })).toBeVisible();
});

test('[CUSTOMER] signed out, Subscribe leads to sign-in first', async ({ page }) => {
  await page.goto('/subscription-plans');
  // The first plan lines up with the heading, 16 px in: the row does not snap it against the screen's edge.
  const heading = (await page.getByRole('heading', { level: 1, name: 'Subscription Plans' }).boundingBox())!;
  // Whichever plan is first: another spec may have put an admin's plan before Basic.
  const first = page.getByRole('list', { name: 'Plans' }).getByRole('listitem').first();
  await expect.poll(async () => (await first.boundingBox())!.x).toBe(heading.x);
  await page.getByRole('link', { name: 'Subscribe to Basic' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('[ADMIN] manages the plans on Manage Plans', async ({ page }) => {
  const signedIn = await page.request.post('/api/auth/login', { data: { email: 'admin@demo.glossly.app', password: 'glossly-demo' } });
  expect(signedIn.status()).toBe(200);
  await page.goto('/admin/subscription-plans');
  await expect(page.getByRole('banner').getByText('Manage Plans')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Premium' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan' });
  await expect(dialog).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // Detailers price their own services: the plan says how much a covered visit may cost.
  const name = `Weekly ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Monthly price ($)').fill('59');
  await dialog.getByLabel('Visits / month').fill('2');
  await dialog.getByLabel('Covers visits up to ($)').fill('80');
  await dialog.getByRole('checkbox', { name: 'Exterior' }).check();
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(dialog).toHaveCount(0);
  const created = page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  await expect(created.getByText('2 exterior visits a month, up to $80.00 each', { exact: false })).toBeVisible();
});
