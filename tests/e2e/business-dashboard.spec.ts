import { mkdirSync } from 'node:fs';
import { accessibilityViolations, bookAndPay, completeJob, expect, moveServerClock, openAsDemo, signUp, test } from './fixtures.ts';

// The business dashboard (/business/dashboard, issue 17): Recharts charts, each with a table view for screen readers.
// The e2e server seeds without the demo history, so the demo detailer's completed job is made here, through the API.

const shotsDir = process.env.E2E_SHOTS_DIR;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/business-dashboard-${name}.png`, fullPage: true });
};

test('[DETAILER] the demo detailer sees five charts, toggles a table, axe clean', async ({ browser, page }) => {
  test.setTimeout(90_000);
  await signUp(page.request, 'Dashboard Customer');
  const booking = await bookAndPay(page.request, 10, '11:00 AM');

  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer');
  try {
    // On the job's day for the server (completeJob moves its clock): the dashboard's weeks end with this one.
    await completeJob(detailer.request, booking);

    await detailer.goto('/business/dashboard');
    await expect(detailer.getByRole('heading', { level: 1, name: 'Business dashboard' })).toBeVisible();
    const titles = ['Revenue per week', 'Bookings by service', 'Rating over time', 'Busiest days and hours', 'Repeat customers'];
    for (const name of titles) await expect(detailer.getByRole('region', { name })).toBeVisible();
    // Recharts drew the bars (hidden from screen readers, which get the summary and the table).
    const revenue = detailer.getByRole('region', { name: 'Revenue per week' });
    await expect(revenue.locator('[aria-hidden="true"] svg .recharts-bar-rectangle').first()).toBeVisible();
    await expect(revenue.getByText(/best week/)).toBeVisible();
    await expect(
      detailer
        .getByRole('region', { name: 'Bookings by service' })
        .getByText(/^Most booked: Basic Exterior Wash, \d+ of \d+ completed jobs?\.$/),
    ).toBeVisible();
    // Nothing spills past the phone's width.
    expect(await detailer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(detailer)).toEqual([]);
    await shot(detailer, 'charts');

    await revenue.getByRole('button', { name: 'Show table' }).click();
    const table = revenue.getByRole('table', { name: /Revenue per week/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(13);
    await detailer.getByRole('region', { name: 'Busiest days and hours' }).getByRole('button', { name: 'Show table' }).click();
    // At least this job's day (other specs give the demo detailer jobs on other days too).
    await expect(
      detailer
        .getByRole('table', { name: /by day and starting hour/ })
        .getByRole('rowheader')
        .first(),
    ).toBeVisible();
    expect(await accessibilityViolations(detailer)).toEqual([]);
    await shot(detailer, 'tables');

    // Another period asks again; the picker is a radio group.
    await detailer.getByRole('radio', { name: '4 weeks' }).click();
    await expect(detailer.getByRole('radio', { name: '4 weeks' })).toBeChecked();
    await expect(revenue.getByText(/in the last 4 weeks/)).toBeVisible();
  } finally {
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});

test('[DETAILER] a new detailer sees the empty state', async ({ page }) => {
  await signUp(page.request, 'Fresh Detailer', 'detailer');
  await page.goto('/business/dashboard');
  await expect(page.getByRole('heading', { name: 'Your charts fill in after your first completed job' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await shot(page, 'empty');
});
