import type { APIRequestContext } from '@playwright/test';
import { addProofOfService, bookAndPay, expect, moveServerClock, openAsDemo, signUp, test } from './fixtures.ts';
import { distanceLine, milesOf, openDetailerSouthOfTheJob } from './detailer-trip.ts';

/** Ends the trip (Start, proof, Complete) so the detailer has no job on its way left for the specs after this one. */
async function finishTrip(detailer: APIRequestContext, booking: { id: number; startsAt: string }) {
  await moveServerClock(detailer, new Date(Date.parse(booking.startsAt) - 20 * 60_000));
  expect((await detailer.post(`/api/bookings/${booking.id}/start`)).status()).toBe(200);
  await addProofOfService(detailer, booking.id);
  expect((await detailer.post(`/api/bookings/${booking.id}/complete`)).status()).toBe(200);
}

test("[CUSTOMER + DETAILER] 'On my way' on the detailer's job makes the customer's Track page follow them, without the detailer opening Location", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two browsers and a few positions on a shared machine
  await signUp(page.request, 'Followed Customer');
  const booking = await bookAndPay(page.request, 20, '9:00 AM');
  // Location allowed in the browser, but sharing never switched on: On my way must do it.
  const { context: detailerContext, page: detailer, south } = await openDetailerSouthOfTheJob(browser, page.request, booking.id);
  try {
    const accepted = await detailer.request.post(`/api/bookings/${booking.id}/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);
    const off = await detailer.request.put('/api/detailer/location-sharing', { data: { enabled: false } });
    expect(off.status()).toBe(200);
    // On my way opens two hours before the start: the server's and the detailer's browser's clocks go there.
    const onTheDay = new Date(Date.parse(booking.startsAt) - 60 * 60_000);
    await moveServerClock(detailer.request, onTheDay);
    await detailer.clock.setSystemTime(onTheDay);

    await page.goto('/track-provider');
    await expect(page.getByRole('heading', { name: 'No detailer on the way right now' })).toBeVisible();

    // The detailer's own jobs screen: one tap on On my way.
    await detailer.goto('/detailer');
    // This job's own buttons: other specs leave other 9:00 AM jobs of the demo detailer on the screen.
    const day = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'America/Los_Angeles',
    }).format(new Date(booking.startsAt));
    await detailer.getByRole('button', { name: `On my way: Basic Exterior Wash, ${day} 9:00 AM`, exact: true }).click();
    await expect(detailer.getByRole('button', { name: `Start: Basic Exterior Wash, ${day} 9:00 AM`, exact: true })).toBeVisible();
    // Navigate opens the address in the phone's maps app (the e2e phone is an Android one: a geo: link).
    await expect(detailer.getByRole('link', { name: `Navigate: Basic Exterior Wash, ${day} 9:00 AM`, exact: true })).toHaveAttribute(
      'href',
      'geo:0,0?q=500%20Howard%20St%2C%20San%20Francisco%2C%2094105',
    );

    const map = page.getByRole('region', { name: "Map of your detailer's trip" });
    await expect(map.getByRole('img', { name: 'Gloss Boss Mobile Detailing, current location' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status', { name: 'Detailer status' })).toBeVisible();
    await expect(distanceLine(page)).toBeVisible({ timeout: 15_000 });
    const farAway = (await distanceLine(page).textContent())!;

    // The detailer drives on, still on the jobs screen: the customer sees them come closer.
    await detailerContext.setGeolocation(south(0.02));
    await expect(distanceLine(page)).not.toHaveText(farAway, { timeout: 20_000 });
    expect(milesOf((await distanceLine(page).textContent())!)).toBeLessThan(milesOf(farAway));
    await expect(detailer.getByRole('alert')).toHaveCount(0);
  } finally {
    await finishTrip(detailer.request, booking).catch(() => undefined);
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});

test("[DETAILER] 'On my way' with the location blocked still starts the trip and says what the customer sees instead", async ({
  page,
  browser,
}) => {
  await signUp(page.request, 'Unfollowed Customer');
  const booking = await bookAndPay(page.request, 24, '1:00 PM');
  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer'); // no permission: headless Chromium refuses
  try {
    expect((await detailer.request.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
    const onTheDay = new Date(Date.parse(booking.startsAt) - 60 * 60_000);
    await moveServerClock(detailer.request, onTheDay);
    await detailer.clock.setSystemTime(onTheDay);
    await detailer.goto(`/job-progress/${booking.id}`);
    await detailer.getByRole('button', { name: 'On my way' }).click();
    await expect(detailer.getByText('On your way, without your location', { exact: true })).toBeVisible();
    await expect(detailer.getByRole('alert').filter({ hasText: 'Location access is blocked' })).toContainText(
      "Your customer sees 'On the way' with no map position and no arrival time",
    );
    if (process.env.SHOTS) await detailer.screenshot({ path: `${process.env.SHOTS}/on-my-way-blocked.png`, fullPage: true });
  } finally {
    await finishTrip(detailer.request, booking).catch(() => undefined);
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});
