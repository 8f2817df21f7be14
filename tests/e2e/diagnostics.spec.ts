import { accessibilityViolations, expect, signInAsDemo, signUp, test } from './fixtures.ts';

test('[ADMIN] the debug pages show the session, the identity provider and the booking flow’s health', async ({ page }) => {
  await signInAsDemo(page.request, 'admin');

  await page.goto('/test-auth');
  await expect(page.getByRole('heading', { name: 'Auth test' })).toBeVisible();
  await expect(page.getByText('admin@demo.glossly.app')).toBeVisible();
  await expect(page.getByText('Expires', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'CSRF protection' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto('/test-firebase-auth');
  await expect(page.getByRole('heading', { name: 'Identity test' })).toBeVisible();
  await expect(page.getByText('OIDC issuer')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test sign-in' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto('/firebase-debug');
  await expect(page.getByRole('heading', { name: 'Identity debug' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Latest sign-ins' }).getByText('admin@demo.glossly.app').first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto('/test-flow');
  await expect(page.getByRole('heading', { name: 'Test flow' })).toBeVisible();
  const health = page.getByRole('list', { name: 'Booking flow health' });
  await expect(health.getByRole('listitem')).toHaveCount(5);
  await expect(health.getByRole('listitem').filter({ hasText: 'Database' }).getByText('Working')).toBeVisible();
  await expect(health.getByRole('listitem').filter({ hasText: 'Payment gateway' }).getByText('Working')).toBeVisible();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('[CUSTOMER] the debug pages are not a customer’s', async ({ page }) => {
  await signUp(page.request, 'Nosy Customer');
  await page.goto('/test-flow');
  await expect(page.getByText("You don't have access to this page")).toBeVisible();
  for (const url of ['/api/diagnostics/auth', '/api/diagnostics/identity', '/api/diagnostics/flow']) {
    expect((await page.request.get(url)).status(), url).toBe(403);
  }
});
