import { accessibilityViolations, expect, signUp, test } from './fixtures.ts';

test('[VISITOR] searches the help centre and reads an answer', async ({ page }) => {
  await page.goto('/help-support');
  // The header keeps the product name (core/domain/navigation.ts); the page carries its own h1.
  await expect(page.getByTestId('header-title')).toHaveText('Glossly');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help & Support');
  for (const topic of ['Booking', 'Payments and refunds', 'Cancellations', 'Detailers', 'Account']) {
    await expect(page.getByRole('heading', { level: 2, name: topic, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/login?next=%2Fhelp-support');
  expect(await accessibilityViolations(page)).toEqual([]);

  const search = page.getByRole('searchbox', { name: 'Search help' });
  await search.fill('refund');
  const question = page.getByRole('button', { name: 'How do refunds work?' });
  await expect(question).toBeVisible();
  await expect(page.getByRole('button', { name: 'Which times can I book?' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Booking', exact: true })).toHaveCount(0);

  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/Glossly can refund all or part of what you paid/)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await search.fill('submarine');
  await expect(page.getByRole('heading', { name: 'No answers match "submarine"' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Account', exact: true })).toBeVisible();
});

test('[VISITOR] opens the Terms of Service and the Privacy Policy from the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page.getByText('Last updated November 23, 2026')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // A table-of-contents link jumps to its section, clear of the sticky header.
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Cancellations and changes' }).click();
  await expect(page).toHaveURL(/\/terms-of-service#cancellations$/);
  const heading = page.getByRole('heading', { level: 2, name: '5. Cancellations and changes' });
  await expect(heading).toBeInViewport();
  const headingTop = (await heading.boundingBox())!.y;
  const headerBottom = (await page.locator('header').first().boundingBox())!;
  expect(headingTop).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.getByText('deleted 24 hours after the job ends').first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('[CUSTOMER] contacts support from the help centre and lands in the support conversation', async ({ page }) => {
  await signUp(page.request, 'Help Seeker');
  await page.goto('/help-support');
  await page.getByRole('button', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/messages\?conversationId=\d+$/);
  await expect(page.getByText('Glossly Support').first()).toBeVisible();
});
