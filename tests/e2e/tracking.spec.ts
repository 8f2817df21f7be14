import type { APIRequestContext } from '@playwright/test';
import { accessibilityViolations, bookAndPay, expect, glossBossId, moveServerClock, openAsDemo, signUp, test } from './fixtures.ts';
import { distanceLine, milesOf, openDetailerSouthOfTheJob } from './detailer-trip.ts';

async function detailerMove(request: APIRequestContext, bookingId: number, action: 'accept' | 'start-route') {
  const moved = await request.post(`/api/bookings/${bookingId}/${action}`);
  expect(moved.status(), await moved.text()).toBe(200);
}

test('[CUSTOMER + DETAILER] the customer follows the detailer on a map as they share their location, and hears "Arriving soon" once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two browsers, four positions; each screen still gets only a few seconds
  await signUp(page.request, 'Tracked Customer');
  const booking = await bookAndPay(page.request, 11, '10:00 AM');

  // 4.4 km and 3.3 km south of the job are over 5 minutes away, 110 m is arriving.
  const { context: detailerContext, page: detailer, south } = await openDetailerSouthOfTheJob(browser, page.request, booking.id);
  try {
    await detailerMove(detailer.request, booking.id, 'accept');
    // Sharing is for the detailer's today and On my way opens shortly before the start: go to the job's morning.
    await moveServerClock(detailer.request, new Date(Date.parse(booking.startsAt) - 30 * 60_000));

    await detailer.goto('/detailer/location-sharing');
    const sharing = detailer.getByRole('switch', { name: 'Share my location today' });
    await expect(sharing).not.toBeChecked();
    await expect(detailer.getByText('No job on its way right now — sharing starts when you tap On my way')).toBeVisible();
    await sharing.click();
    await expect(sharing).toBeChecked();
    await expect(detailer.getByText('Location sharing is on for today', { exact: true })).toBeVisible();
    expect(await accessibilityViolations(detailer, { toasts: true })).toEqual([]);

    // Nothing on its way yet: the customer's screen says so and names the next booking.
    await page.goto('/track-provider');
    await expect(page.getByRole('heading', { name: 'No detailer on the way right now' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Your next booking/ })).toHaveAttribute('href', `/bookings/${booking.id}`);

    // On my way: the sharing page picks the job up live and starts sending.
    await detailerMove(detailer.request, booking.id, 'start-route');
    await expect(detailer.getByRole('heading', { name: 'On your way: Basic Exterior Wash' })).toBeVisible();
    await expect(detailer.getByText(/^Sharing live · Last sent /)).toBeVisible({ timeout: 10_000 });

    // The customer's screen follows without a reload: the detailer's marker, the ETA and the distance.
    const map = page.getByRole('region', { name: "Map of your detailer's trip" });
    await expect(map.getByRole('img', { name: 'Gloss Boss Mobile Detailing, current location' })).toBeVisible({ timeout: 10_000 });
    await expect(map.getByRole('img', { name: /^Your address: 500 Howard St/ })).toBeVisible();
    // No geocoder in the e2e server: the job is known by its ZIP code's centre, so a range, never a false minute.
    await expect(page.getByRole('status', { name: 'Detailer status' })).toHaveText(/^About \d+–\d+ min away$/);
    await expect(page.getByText('White Ford Transit with a blue Gloss Boss logo')).toBeVisible();
    const farAway = (await distanceLine(page).textContent())!;
    expect(await accessibilityViolations(page)).toEqual([]);

    // The detailer drives on: the distance shrinks (the map re-frames both markers, so the text is what to read).
    await detailerContext.setGeolocation(south(0.03));
    await expect(distanceLine(page)).not.toHaveText(farAway, { timeout: 15_000 });
    expect(milesOf((await distanceLine(page).textContent())!)).toBeLessThan(milesOf(farAway));
    await expect(map.getByRole('img', { name: 'Gloss Boss Mobile Detailing, current location' })).toBeVisible();

    // Nearly there: 'Arriving soon' reaches the customer, once, however many positions follow.
    // Within the ZIP code's reach of its centre: 'In your area', and no distance to a centre that is not the address.
    await detailerContext.setGeolocation(south(0.001));
    await expect(page.getByRole('status', { name: 'Detailer status' })).toHaveText('In your area', { timeout: 15_000 });
    await expect(distanceLine(page)).toHaveCount(0);
    await detailerContext.setGeolocation(south(0.0005));
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const list = page.getByRole('list', { name: 'Notifications list' });
    await expect(list.getByRole('link', { name: /^Arriving soon/ })).toHaveCount(1);
    await expect(list.getByRole('link', { name: /^Arriving soon/ })).toContainText('Gloss Boss Mobile Detailing is in your area');
  } finally {
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});

test('[DETAILER] turning sharing on with the location blocked explains how to allow it and stays off', async ({ browser }) => {
  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer');
  try {
    // No permission granted: headless Chromium answers the prompt with a denial.
    await detailer.goto('/detailer/location-sharing');
    const sharing = detailer.getByRole('switch', { name: 'Share my location today' });
    await expect(sharing).not.toBeChecked();
    await sharing.click();
    await expect(detailer.getByRole('alert')).toContainText('Location access is blocked');
    await expect(sharing).not.toBeChecked();
  } finally {
    await detailerContext.close();
  }
});

test('[CUSTOMER] the home map shows nearby detailers as pins; a tap names the detailer and links the profile', async ({ page }) => {
  await page.goto('/');
  const map = page.getByRole('region', { name: 'Map of nearby detailers' });
  const pin = map.getByRole('button', { name: 'Gloss Boss Mobile Detailing' });
  await expect(pin).toBeVisible();
  // Pins can overlap at this size: the keyboard reaches each one (Enter taps it).
  await pin.focus();
  await page.keyboard.press('Enter');
  const preview = page.getByRole('group', { name: 'Selected detailer' });
  await expect(preview.getByRole('link', { name: 'Gloss Boss Mobile Detailing' })).toHaveAttribute('href', `/detailers/${glossBossId}`);
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('[VISITOR] the service-area demo draws every area and checks a ZIP code', async ({ page }) => {
  await page.goto('/demo-service-area');
  await expect(
    page.getByRole('region', { name: "Map of the detailers' service areas" }).locator('path.glossly-area').first(),
  ).toBeVisible();
  await page.getByLabel('Detailer', { exact: true }).selectOption({ label: 'Gloss Boss Mobile Detailing' });
  await page.getByLabel('ZIP code').fill('94105');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('Covered', { exact: true })).toBeVisible();
  await page.getByLabel('ZIP code').fill('95814');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('Outside the service area', { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});
