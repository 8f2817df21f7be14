import { accessibilityViolations, expect, test } from './fixtures.ts';

test('[VISITOR] sees the signed-out bottom navigation with Home, Bookings and Messages disabled', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Smart Book' })).toBeVisible();
  for (const label of ['Home', 'Bookings', 'Messages']) {
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-disabled', 'true');
  }
});

test('[VISITOR] an unknown path shows the 404 page inside the shell', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('[VISITOR] the header title and back target follow the path', async ({ page }) => {
  await page.goto('/subscription-plans');
  await expect(page.getByTestId('header-title')).toHaveText('Subscription Plans');
  await page.goto('/privacy-policy');
  // Outside the spec's title table the header keeps 'Glossly'; the page carries its own heading.
  await expect(page.getByTestId('header-title')).toHaveText('Glossly');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await page.goto('/booking/1');
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/bookings');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout$/);
});
