import type { APIRequestContext, Page } from '@playwright/test';
import {
  accessibilityViolations,
  completeJob,
  expect,
  expectConsoleErrors,
  fillTestCard,
  glossBossId,
  glossBossWash,
  moveServerClock,
  signUp,
  test,
  workdayAhead,
} from './fixtures.ts';

const shots = process.env.E2E_SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/**
 * A Basic Exterior Wash with Gloss Boss for `request`'s customer, in their saved car, at 500 Howard St with access
 * notes, paid with the test card (as bookAndPay does, plus the car and the place's details), then walked to
 * completed by the seeded detailer through the API (completeJob: the server's clock on the job's day, with the proof
 * Complete needs).
 */
async function completedWashInSavedCar(request: APIRequestContext, detailer: APIRequestContext, daysAhead: number, time: string) {
  const car = await request.post('/api/vehicles', {
    data: { make: 'Toyota', model: 'RAV4', year: 2021, color: 'Blue', vehicleType: 'SUV', nickname: 'Blue one' },
  });
  expect(car.status(), await car.text()).toBe(201);
  const { serviceId, timeZone } = await glossBossWash(request);
  const created = await request.post('/api/bookings', {
    data: {
      detailerId: glossBossId,
      serviceId,
      vehicleType: 'SUV',
      vehicleId: (await car.json()).id,
      notes: 'Mind the roof rack',
      date: workdayAhead(timeZone, daysAhead),
      time,
      address: '500 Howard St',
      apt: 'Unit 4',
      city: 'San Francisco',
      zip: '94105',
      accessNotes: 'Gate code 2468',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: number; startsAt: string };
  const intent = await request.post('/api/create-payment-intent', { data: { bookingId: booking.id, appliedCredits: 0 } });
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', zip: '94105' };
  const paid = await request.post('/api/payments/test-gateway/confirm', {
    data: { clientSecret: (await intent.json()).clientSecret, card },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();

  const signedIn = await detailer.post('/api/auth/login', { data: { email: 'detailer@demo.glossly.app', password: 'glossly-demo' } });
  expect(signedIn.ok()).toBeTruthy();
  await completeJob(detailer, booking);
  await moveServerClock(detailer, null);
  return booking;
}

test.describe("[CUSTOMER] 'Book again' (issue 16)", () => {
  // The server's clock is shared: whatever happens, it goes back to the real time.
  test.afterEach(async ({ request }) => {
    await moveServerClock(request, null);
  });

  test('books a completed wash again in one tap: step 2 with the car and place filled in and the soonest slots marked, then pays', async ({
    page,
    browser,
  }) => {
    await signUp(page.request, 'Repeat Customer');
    const detailerContext = await browser.newContext();
    const past = await completedWashInSavedCar(page.request, detailerContext.request, 2, '11:00 AM');
    await detailerContext.close();

    // Home: the recent detailer, at the end of the page.
    await page.goto('/');
    const row = page.getByRole('region', { name: 'Book again' });
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('heading', { name: 'Gloss Boss Mobile Detailing' })).toBeVisible();
    await expect(row.getByText('Basic Exterior Wash', { exact: true })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'home-book-again');

    // My Bookings: the past booking offers it.
    await page.goto('/bookings');
    const pastSection = page.getByRole('region', { name: 'Past' });
    await expect(pastSection.getByText('Completed')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'my-bookings-book-again');
    await pastSection.getByRole('link', { name: /^Book again/ }).click();

    await expect(page).toHaveURL(new RegExp(`/booking/${glossBossId}\\?serviceId=\\d+&rebook=${past.id}$`));
    await expect(page.getByRole('heading', { name: 'Select Date & Time' })).toBeVisible();
    const copied = page.getByRole('region', { name: 'Same as last time' });
    await expect(copied).toContainText('Basic Exterior Wash');
    await expect(copied).toContainText('Blue one · SUV');
    await expect(copied).toContainText('Mind the roof rack');
    await expect(page.getByLabel('Address')).toHaveValue('500 Howard St');
    await expect(page.getByLabel('Apartment/Suite/Unit (optional)')).toHaveValue('Unit 4');
    await expect(page.getByLabel('City')).toHaveValue('San Francisco');
    await expect(page.getByLabel('Zip')).toHaveValue('94105');
    await expect(page.getByLabel('Access notes (optional)')).toHaveValue('Gate code 2468');
    // The soonest free day is chosen and its first free slots are marked.
    const soonest = page.getByRole('radio', { name: /Soonest/ });
    await expect(soonest.first()).toBeVisible();
    expect(await soonest.count()).toBeGreaterThanOrEqual(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, 'rebook-step-2');

    await soonest.first().click();
    await expect(soonest.first()).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
    await page.getByLabel('I agree to the Terms of Service and authorize payment for this service.').check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    await expect(page).toHaveURL(/\/checkout\?bookingId=\d+/);
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Pay $78.72' }).click();
    await expect(page.getByRole('region', { name: 'Request sent' })).toBeVisible();

    // The new booking carries the same car, place and notes.
    const bookings = (await (await page.request.get('/api/bookings')).json()) as Array<Record<string, unknown>>;
    const again = bookings.find((b) => b.id !== past.id)!;
    expect(again).toMatchObject({
      status: 'requested',
      detailerId: glossBossId,
      vehicleType: 'SUV',
      notes: 'Mind the roof rack',
      address: '500 Howard St',
      apt: 'Unit 4',
      accessNotes: 'Gate code 2468',
      vehicleDetails: expect.objectContaining({ nickname: 'Blue one' }),
    });
  });

  test("a stranger's booking id prefills nothing: the normal flow on step 1", async ({ page, browser }) => {
    const owner = await browser.newContext();
    await signUp(owner.request, 'Owner');
    const detailerContext = await browser.newContext();
    const theirs = await completedWashInSavedCar(owner.request, detailerContext.request, 3, '2:00 PM');
    await Promise.all([owner.close(), detailerContext.close()]);

    await signUp(page.request, 'Stranger');
    const { serviceId } = await glossBossWash(page.request);
    // The app asks for the booking and the server says 404: that answer is the point. The browser logs it, and may
    // log it again when the live stream refreshes the booking's query, at any time until the page closes.
    expectConsoleErrors(page, /404/);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/bookings/${theirs.id}`);
    await page.goto(`/booking/${glossBossId}?serviceId=${serviceId}&rebook=${theirs.id}`);
    expect((await answer).status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Select a Service' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Same as last time' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pendingBooking'))).not.toContain('500 Howard St');
  });
});
