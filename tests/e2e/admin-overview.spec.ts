import { accessibilityViolations, bookAndPay, expect, signUp, test } from './fixtures.ts';

test('[ADMIN] the overview starts with today and this week, and the detailers waiting for approval, a way into their list', async ({
  page,
  playwright,
}) => {
  test.setTimeout(60_000);
  // A booking paid just now: today's figures count it.
  const customer = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signUp(customer, 'Overview Customer');
  await bookAndPay(customer, 61, '9:00 AM');
  await customer.dispose();

  expect((await page.request.post('/api/auth/demo-login', { data: { role: 'admin' } })).status()).toBe(200);
  const figures = (await (await page.request.get('/api/admin/overview')).json()) as {
    today: { bookings: number };
    awaitingApproval: number;
  };
  expect(figures.today.bookings).toBeGreaterThanOrEqual(1);
  await page.goto('/admin');
  const today = page.getByRole('region', { name: 'Today and this week' });
  await expect(today.getByRole('heading', { name: 'Today', exact: true })).toBeVisible();
  await expect(today.getByText(`${figures.today.bookings} ${figures.today.bookings === 1 ? 'booking' : 'bookings'}`).first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/admin-overview-390.png' });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: '/tmp/admin-overview-320.png' });

  await today.getByRole('link', { name: /waiting for approval/ }).click();
  await expect(page).toHaveURL(/\/admin\/users\?pendingApproval=true$/);
});
