import type { Browser } from '@playwright/test';
import { accessibilityViolations, bookAndPay, expect, glossBossWash, moveServerClock, signUp, test, workdayAhead } from './fixtures.ts';

const zip = '94105'; // bookAndPay's address

async function adminContext(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => sessionStorage.setItem('notificationPromptDismissed', 'true'));
  const signedIn = await context.request.post('/api/auth/demo-login', { data: { role: 'admin' } });
  expect(signedIn.status()).toBe(200);
  return context;
}

test.afterEach(async ({ request }) => {
  await moveServerClock(request, null);
});

test('[ADMIN][CUSTOMER] rain set on the ZIP code flags tomorrow’s exterior wash, and the customer moves it to a dry slot', async ({
  page,
  browser,
}) => {
  // The customer books a 9:00 AM wash on a day no other spec books (22 workdays ahead) and pays; the demo detailer
  // accepts it through the API. The server's clock then stands 20 hours before it, so it is 'tomorrow's' wash.
  // Booking, accepting, setting the weather, the check and the reschedule: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  await signUp(page.request, 'Rainy Customer');
  const booking = await bookAndPay(page.request, 22, '9:00 AM');
  const { timeZone } = await glossBossWash(page.request);
  const rainyDay = workdayAhead(timeZone, 22);
  // The working day after it: workdayAhead(…, 23) is the same day when day 22 falls on a Sunday (both move to Monday),
  // and setting it dry then wiped the rain.
  const dayAfter = new Date(`${rainyDay}T12:00:00Z`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + (dayAfter.getUTCDay() === 6 ? 2 : 1));
  const dryDay = dayAfter.toISOString().slice(0, 10);
  const detailer = await browser.newContext();
  const admin = await adminContext(browser);
  try {
    const signedIn = await detailer.request.post('/api/auth/demo-login', { data: { role: 'detailer' } });
    expect(signedIn.status()).toBe(200);
    const accepted = await detailer.request.post(`/api/bookings/${booking.id}/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);

    // Within the 24-hour window whatever the time of day the suite runs.
    await moveServerClock(page.request, new Date(Date.parse(booking.startsAt) - 20 * 3_600_000));

    const adminPage = await admin.newPage();
    await adminPage.goto('/test-weather-notifications');
    await expect(adminPage.getByRole('heading', { name: 'Weather notifications test' })).toBeVisible();
    expect(await accessibilityViolations(adminPage)).toEqual([]);

    const setWeather = async (day: string, condition: string, chance: string) => {
      await adminPage.getByLabel('ZIP code', { exact: true }).fill(zip);
      await adminPage.getByLabel('Day', { exact: true }).fill(day);
      await adminPage.getByLabel('Condition', { exact: true }).selectOption(condition);
      await adminPage.getByLabel('Chance (%)').fill(chance);
      await adminPage.getByRole('button', { name: 'Set weather' }).click();
    };
    // A bad chance is refused on the field, and nothing is set.
    await setWeather(rainyDay, 'rain', '120');
    await expect(adminPage.getByText('Chance of precipitation must be from 0 to 100')).toBeVisible();

    await setWeather(rainyDay, 'rain', '90');
    const list = adminPage.getByRole('list', { name: 'Weather set' });
    await expect(list.getByText('Rain, 90% chance')).toBeVisible();
    // The other days stay dry (no row), and the day after is set dry on purpose.
    await setWeather(dryDay, 'clear', '0');
    await expect(list.getByText('Clear, 0% chance')).toBeVisible();

    await adminPage.getByRole('button', { name: 'Run weather check now' }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: /flagged for rain/ })).toHaveText(/^[1-9]\d* bookings? flagged for rain/);
    expect(await accessibilityViolations(adminPage)).toEqual([]);

    // The customer's bell says so and links to the booking.
    await page.goto('/bookings');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page
      .getByRole('dialog')
      .getByRole('link', { name: /Rain expected/ })
      .first();
    await expect(item).toHaveAttribute('href', `/bookings/${booking.id}`);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));

    const panel = page.getByRole('region', { name: 'Rain expected' });
    await expect(panel.getByText('Rain is likely (90% chance)')).toBeVisible();
    const slots = panel.getByRole('list', { name: 'Dry times' }).getByRole('listitem');
    await expect(slots).toHaveCount(3);
    await expect(panel.getByRole('button', { name: 'Keep booking' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    const first = panel.getByRole('button', { name: /^Reschedule to / }).first();
    const label = (await first.getAttribute('aria-label'))!.replace('Reschedule to ', '');
    await first.click();
    await expect(panel).toHaveCount(0, { timeout: 15_000 });
    const [, newTime] = label.split(' at ');
    await expect(page.getByText(new RegExp(`at ${newTime}`)).first()).toBeVisible();

    // Moved, free, still accepted, and off the rainy day; then cancelled so the shared database stays clean.
    const moved = await (await page.request.get(`/api/bookings/${booking.id}`)).json();
    expect(moved).toMatchObject({ status: 'accepted', totalCents: expect.any(Number) });
    expect(moved.date).not.toBe(rainyDay);
    const cancelled = await page.request.post(`/api/bookings/${booking.id}/cancel`, { data: { confirmFee: true } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    // Tidy the test forecasts.
    for (const day of [rainyDay, dryDay]) {
      expect((await admin.request.delete(`/api/test-weather/${zip}/${day}`)).status()).toBe(200);
    }
  } finally {
    await detailer.close();
    await admin.close();
  }
});

test('[CUSTOMER] the weather test page is an admin’s', async ({ page }) => {
  await signUp(page.request, 'Curious Customer');
  await page.goto('/test-weather-notifications');
  await expect(page.getByText("You don't have access to this page")).toBeVisible();
  expect((await page.request.get('/api/test-weather')).status()).toBe(403);
});
