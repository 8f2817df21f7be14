import type { APIRequestContext, Page } from '@playwright/test';
import { accessibilityViolations, expect, moveServerClock, test } from './fixtures.ts';

const shots = process.env.E2E_SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** Detailers work Monday to Saturday: when tomorrow is a Sunday the server's clock moves a day on. */
async function tomorrowIsAWorkday(request: APIRequestContext) {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short' }).format(
    new Date(Date.now() + 86_400_000),
  );
  if (weekday === 'Sun') await moveServerClock(request, { offsetMinutes: 24 * 60 });
}

test.describe('[CUSTOMER] Smart booking (issue 20)', () => {
  let placeId: number | null = null;
  test.afterEach(async ({ page, request }) => {
    if (placeId !== null) await page.request.delete(`/api/addresses/${placeId}`);
    placeId = null;
    await moveServerClock(request, null);
  });

  test('smart-books an exterior wash for tomorrow morning in three taps and lands on the payment step', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', { data: { email: 'customer@demo.glossly.app', password: 'glossly-demo' } });
    expect(login.ok()).toBeTruthy();
    await tomorrowIsAWorkday(page.request);
    // The demo customer's place (removed at the end): the page starts with it, so the taps are only what and when.
    const place = await page.request.post('/api/addresses', {
      data: { label: 'Smart Home', address: '1355 Market St', city: 'San Francisco', zip: '94103' },
    });
    expect(place.status(), await place.text()).toBe(201);
    placeId = ((await place.json()) as { id: number }).id;
    await page.goto('/smart-booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Smart Book' })).toBeVisible();
    // Filled in from the start: the car, the last booking's address, as soon as possible.
    await expect(page.getByRole('button', { name: 'As soon as possible' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'smart-booking-start');

    await page.getByRole('button', { name: 'Exterior', exact: true }).click();
    // Any day up to the booking horizon: 'Another day' opens a date and a morning or afternoon.
    await page.getByRole('button', { name: 'Another day' }).click();
    await expect(page.getByLabel('Day', { exact: true })).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('group', { name: 'Time of day' }).getByRole('button', { name: 'Afternoon' }).click();
    await expect(page.getByRole('group', { name: 'Time of day' }).getByRole('button', { name: 'Afternoon' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'smart-booking-another-day');
    await page.getByRole('button', { name: 'Tomorrow · Morning' }).click();
    await expect(page.getByLabel('Day', { exact: true })).toHaveCount(0);
    const first = page.getByRole('article').first();
    await expect(first.getByRole('button', { name: 'Book' })).toBeEnabled();
    await expect(first).toContainText(/(9|10|11):00 AM/);
    await expect(first.getByRole('list', { name: 'Why it was chosen' }).getByRole('listitem').first()).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'smart-booking-tomorrow-morning');

    await first.getByRole('button', { name: 'Book' }).click();
    await expect(page).toHaveURL(/\/checkout\?bookingId=\d+/);
    const bookingId = new URL(page.url()).searchParams.get('bookingId');
    // The payment step has set up its payment before the hold is cancelled under it.
    await expect(page.getByRole('heading', { level: 1, name: 'Complete your payment' })).toBeVisible();
    await shoot(page, 'smart-booking-checkout');
    // Not paid: the hold is cancelled so no other spec meets it.
    const cancelled = await page.request.post(`/api/bookings/${bookingId}/cancel`, { data: { confirmFee: true } });
    expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  });

  test('a visitor browses offers by ZIP code and Book asks them to sign in first', async ({ page }) => {
    await page.goto('/smart-booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Smart Book' })).toBeVisible();
    await expect(page.getByText('Choose a service and enter a ZIP code to see who is free.')).toBeVisible();
    await page.getByLabel('ZIP code').fill('94103');
    const first = page.getByRole('article').first();
    await expect(first.getByRole('button', { name: 'Book' })).toBeEnabled();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'smart-booking-visitor');
    await first.getByRole('button', { name: 'Book' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fsmart-booking$/);
  });
});
