import { expect, test } from './fixtures.ts';

test('[CUSTOMER] takes the home tour to the end and it stays completed', async ({ page }) => {
  await page.request.post('/api/auth/demo-login', { data: { role: 'customer' } });
  await page.goto('/');
  await page.getByRole('button', { name: 'Take Tour' }).click();
  const tour = page.getByRole('dialog');
  await expect(tour.getByText(/^Step 1 of \d+$/)).toBeVisible();
  const total = Number((await tour.getByText(/^Step 1 of \d+$/).textContent())!.match(/of (\d+)/)![1]);

  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText(`Step 2 of ${total}`)).toBeVisible();
  await tour.getByRole('button', { name: 'Previous step' }).click();
  await expect(tour.getByText(`Step 1 of ${total}`)).toBeVisible();

  for (let step = 1; step < total; step++) await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText(`Step ${total} of ${total}`)).toBeVisible();
  await tour.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.includes('home-tour')))).toBe(true);
});

test('[CUSTOMER] skips the tour', async ({ page }) => {
  await page.request.post('/api/auth/demo-login', { data: { role: 'customer' } });
  await page.goto('/');
  await page.getByRole('button', { name: 'Take Tour' }).click();
  await page.getByRole('button', { name: 'Skip Tour' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('[CUSTOMER] a showOnce help bubble opens with its badge, closes with "Got it!" and does not come back', async ({ page }) => {
  await page.request.post('/api/auth/demo-login', { data: { role: 'customer' } });
  await page.goto('/');
  const badge = page.getByRole('button', { name: 'Help: Popular services' });
  await expect(badge).toBeVisible();
  await badge.click();
  const bubble = page.getByRole('dialog', { name: 'Popular services' });
  await expect(bubble.getByText('The washes and details booked most near you.', { exact: false })).toBeVisible();
  await bubble.getByRole('button', { name: 'Got it!' }).click();
  await expect(bubble).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shownHelpBubbles') ?? '[]'))).toContain('home-popular-services');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Popular Services' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Help: Popular services' })).toHaveCount(0);
});
