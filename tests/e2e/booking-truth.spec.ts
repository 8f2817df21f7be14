import type { APIRequestContext, Page } from '@playwright/test';
import { timeSlotLabels } from '../../core/domain/time-slots.ts';
import {
  accessibilityViolations,
  dismissNotificationPrompt,
  expect,
  expectConsoleErrors,
  glossBossId,
  glossBossWash,
  signUp,
  test,
  workdayAhead,
} from './fixtures.ts';

// Issue 36, booking truth: step 2 offers only the times the server accepts for where the car is, refuses a place
// beyond the detailer's area on the ZIP field, and every screen shows the server's own amount for the booking.

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', zip: '94105' };
const shots = process.env.E2E_SCREENSHOT_DIR;
const terms = 'I agree to the Terms of Service and authorize payment for this service.';
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const sparkleSquadId = 2;

type Place = { address: string; city: string; zip: string };
const soma: Place = { address: '500 Howard St', city: 'San Francisco', zip: '94105' };
const oakland: Place = { address: '1 Broadway', city: 'Oakland', zip: '94607' };

/** An API session of its own (another browser's cookies), for the admin or a second customer. */
async function apiSession(playwright: { request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> } }) {
  return playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
}

/** The screen fits a 320 px phone (no sideways scroll); screenshots at both sizes when E2E_SCREENSHOT_DIR is set. */
async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 640 });
  if (shots) await page.screenshot({ path: `${shots}/${name}-320.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 320 px`).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Step 1 for `serviceName` on a sedan, then on to step 2. */
async function toSchedule(page: Page, detailerId: number, serviceName: string) {
  await page.goto(`/booking/${detailerId}`);
  await page.getByRole('button', { name: `Select ${serviceName}` }).click();
  await page.getByLabel('Vehicle Type').selectOption('Sedan');
  await page.getByRole('button', { name: 'Continue to Schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Select Date & Time' })).toBeVisible();
}

async function fillPlace(page: Page, place: Place) {
  await page.getByLabel('Address').fill(place.address);
  await page.getByLabel('City').fill(place.city);
  await page.getByLabel('Zip').fill(place.zip);
}

/** Opens `iso` (YYYY-MM-DD) in step 2's calendar, moving on a month or two when it lies ahead. */
async function openDay(page: Page, iso: string, timeZone: string) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const day = new Date(`${iso}T00:00:00Z`);
  for (let i = 0; i < (day.getUTCFullYear() - year) * 12 + day.getUTCMonth() + 1 - month; i++)
    await page.getByRole('button', { name: 'Next month' }).click();
  const label = day.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  await page.getByRole('button', { name: label, exact: true }).click();
}

/** The step's slot radio for a time: its name starts with the time ('Unavailable', 'Soonest' follow it). */
const slotRadio = (page: Page, time: string) => page.getByRole('radio', { name: new RegExp(`^${time.replace(/[.]/g, '\\.')}`) });

async function serviceOf(request: APIRequestContext, detailerId: number, name: string) {
  const detailer = await (await request.get(`/api/detailers/${detailerId}`)).json();
  const service = detailer.offeredServices.find((s: { name: string }) => s.name === name) as { id: number };
  const categoryId = ((await (await request.get(`/api/services/${service.id}`)).json()) as { categoryId: number }).categoryId;
  return { serviceId: service.id, categoryId, timeZone: detailer.timeZone as string, businessName: detailer.businessName as string };
}

/** An admin's plan (10 % off) covering `categoryIds`, and the member signed in on `request` subscribed to it with 4242. */
async function becomeMember(admin: APIRequestContext, request: APIRequestContext, categoryIds: number[]) {
  const plan = await admin.post('/api/admin/membership-plans', {
    data: {
      name: `Truth ${Date.now().toString(36)}`,
      monthlyPriceCents: 4900,
      includedVisitsPerMonth: 2,
      discountBasisPoints: 1000,
      coveredPriceLimitCents: 15000,
      categoryIds,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const subscribed = await request.post('/api/memberships', { data: { planId: (await plan.json()).id, card } });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
}

async function bookThroughApi(request: APIRequestContext, detailerId: number, serviceId: number, date: string, time: string, place: Place) {
  return request.post('/api/bookings', { data: { detailerId, serviceId, vehicleType: 'Sedan', date, time, ...place } });
}

async function payThroughApi(request: APIRequestContext, bookingId: number) {
  const intent = await request.post('/api/create-payment-intent', { data: { bookingId, appliedCredits: 0 } });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const paid = await request.post('/api/payments/test-gateway/confirm', {
    data: { clientSecret: (await intent.json()).clientSecret, card },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
}

test.setTimeout(120_000);

test('[CUSTOMER] across the bay from the previous job: every time offered is one the server books, the refused one is shown disabled', async ({
  page,
  playwright,
}) => {
  const { serviceId, timeZone } = await glossBossWash(page.request);
  const date = workdayAhead(timeZone, 71);

  // The first customer's 9:00 AM job in SoMa.
  const first = await apiSession(playwright);
  await signUp(first, 'Soma Customer');
  const held = await bookThroughApi(first, glossBossId, serviceId, date, '9:00 AM', soma);
  expect(held.status(), await held.text()).toBe(201);
  await first.dispose();

  // The second customer, in Oakland: no times until the ZIP is whole.
  await signUp(page.request, 'Oakland Customer');
  await toSchedule(page, glossBossId, 'Basic Exterior Wash');
  await expect(page.getByText('Enter the ZIP code where the car is to see the times this detailer can come.')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await openDay(page, date, timeZone);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await shoot(page, 'step2-before-zip');
  await fillPlace(page, oakland);
  await expect(slotRadio(page, '3:00 PM')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await shoot(page, 'step2-with-zip');

  // 10:00 AM leaves too little time to drive over from the 9:00 AM job: shown, but disabled.
  await expect(slotRadio(page, '9:00 AM')).toBeDisabled();
  await expect(slotRadio(page, '10:00 AM')).toBeDisabled();
  await expect(slotRadio(page, '10:00 AM')).toContainText('Unavailable');
  const offered: string[] = [];
  for (const time of timeSlotLabels) if (await slotRadio(page, time).isEnabled()) offered.push(time);
  expect(offered).toContain('11:00 AM');

  // The server agrees, both ways: it refuses 10:00 AM for this ZIP, and books each time the step offered.
  const refused = await bookThroughApi(page.request, glossBossId, serviceId, date, '10:00 AM', oakland);
  expect(refused.status(), await refused.text()).toBe(409);
  expect((await refused.json()).message).toBe(
    'That time leaves the detailer too little time to drive from their previous job. Please choose another time.',
  );
  for (const time of offered) {
    const booked = await bookThroughApi(page.request, glossBossId, serviceId, date, time, oakland);
    expect(booked.status(), `${time}: ${await booked.text()}`).toBe(201);
    // Cancelled at once, so the next offered time is judged against the same day.
    const cancelled = await page.request.post(`/api/bookings/${(await booked.json()).id}/cancel`, { data: {} });
    expect(cancelled.ok(), `${time}: ${await cancelled.text()}`).toBeTruthy();
  }

  // A chosen time the new ZIP cannot have is cleared, with the server's reason.
  await page.getByLabel('Zip').fill(soma.zip);
  await slotRadio(page, '10:00 AM').click();
  await page.getByLabel('Zip').fill(oakland.zip);
  await expect(
    page.getByText('10:00 AM is no longer offered. That time leaves the detailer too little time to drive from their previous job.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
});

test("[CUSTOMER] a ZIP beyond the detailer's area is refused on the Zip field, with no times and no way on", async ({ page }) => {
  const { serviceId, timeZone, businessName } = await serviceOf(page.request, glossBossId, 'Basic Exterior Wash');
  const date = workdayAhead(timeZone, 73);
  await signUp(page.request, 'Sacramento Customer');
  // The step asks for the times with that ZIP and the server answers 422 with its message: the browser logs it.
  expectConsoleErrors(page, /status of 422 \(Unprocessable Entity\)/);
  const sacramento = { address: '1315 10th St', city: 'Sacramento', zip: '95814' };

  // The server's word for it, then the step's.
  const refused = await bookThroughApi(page.request, glossBossId, serviceId, date, '11:00 AM', sacramento);
  expect(refused.status(), await refused.text()).toBe(422);
  const body = await refused.json();
  const message = (body.fields?.zip ?? body.message) as string;
  expect(message).toMatch(
    new RegExp(
      `^This address is outside ${businessName}'s service area: they come up to 15 miles from their base, and this ZIP code is [\\d.]+ miles away`,
    ),
  );

  await toSchedule(page, glossBossId, 'Basic Exterior Wash');
  await fillPlace(page, sacramento);
  await openDay(page, date, timeZone);
  const zipError = page.locator('#zip-error');
  await expect(zipError).toHaveText(message);
  // The sentence runs under the City and Zip row, not squeezed into the narrow Zip column.
  const [errorBox, zipBox] = [await zipError.boundingBox(), await page.getByLabel('Zip').boundingBox()];
  expect(errorBox!.width).toBeGreaterThan(zipBox!.width * 1.5);
  await expect(page.getByLabel('Zip')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This detailer does not come to that ZIP code. Choose another address or detailer.')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
  expect(await accessibilityViolations(page)).toEqual([]);
  await shoot(page, 'step2-out-of-area');

  // A ZIP in the area takes the message away and brings the times back.
  await fillPlace(page, soma);
  await expect(page.getByText(message)).toHaveCount(0);
  await slotRadio(page, '11:00 AM').click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Summary' }).locator('dd').last()).toHaveText('$78.72');
  await shoot(page, 'step3-plain');
});

test('[MEMBER] a covered visit costs $0.00 on step 3, its confirmation and its page', async ({ page, playwright, context }) => {
  await dismissNotificationPrompt(context);
  const { categoryId, timeZone } = await serviceOf(page.request, glossBossId, 'Basic Exterior Wash');
  const admin = await apiSession(playwright);
  expect((await admin.post('/api/auth/demo-login', { data: { role: 'admin' } })).status()).toBe(200);
  await signUp(page.request, 'Covered Member');
  await becomeMember(admin, page.request, [categoryId]);
  await admin.dispose();

  await toSchedule(page, glossBossId, 'Basic Exterior Wash');
  await fillPlace(page, soma);
  await openDay(page, workdayAhead(timeZone, 75), timeZone);
  await slotRadio(page, '1:00 PM').click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Covered by your plan')).toBeVisible();
  await expect(summary.getByText('Total')).toBeVisible();
  await expect(summary.locator('dd').last()).toHaveText('$0.00');
  await expect(page.getByText('Covered by your plan: you will not be charged')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await shoot(page, 'step3-covered');
  // Nothing to pay: the terms ask to use a visit, not to authorize a payment.
  await expect(page.getByLabel(terms)).toHaveCount(0);
  await page.getByLabel('I agree to the Terms of Service and to use one of my plan’s visits for this service.').check();
  await page.getByRole('button', { name: 'Book Covered Visit' }).click();

  // No card: straight to its confirmation, a request Gloss Boss answers.
  await expect(page).toHaveURL(/\/booking\/confirmed\/\d+$/);
  const bookingId = Number(new URL(page.url()).pathname.split('/').pop());
  const booking = await (await page.request.get(`/api/bookings/${bookingId}`)).json();
  expect(booking).toMatchObject({ status: 'requested', totalCents: 0, discountSource: 'covered_visit' });
  await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  await expect(page.getByText(/has until .* to accept/)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^\$/ })).toHaveText('$0.00');

  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByText('Covered by your plan')).toBeVisible();
  await expect(page.getByText('Total', { exact: true }).locator('..').getByRole('definition')).toHaveText('$0.00');
  // Nothing is charged, so there is no receipt to show another amount.
  expect((await page.request.get(`/api/bookings/${bookingId}/receipt`)).status()).toBe(409);
});

test("[MEMBER] a promo code worth more than the member discount: step 3, checkout and the booking show the server's cents", async ({
  page,
  playwright,
  context,
}) => {
  await dismissNotificationPrompt(context);
  const wash = await serviceOf(page.request, glossBossId, 'Basic Exterior Wash');
  const interior = await serviceOf(page.request, glossBossId, 'Full Interior Detail');
  const admin = await apiSession(playwright);
  expect((await admin.post('/api/auth/demo-login', { data: { role: 'admin' } })).status()).toBe(200);
  const code = `TRUTH${Date.now().toString(36).toUpperCase()}`;
  const promo = await admin.post('/api/admin/promo-codes', { data: { code, kind: 'percent', percentOff: 20 } });
  expect(promo.status(), await promo.text()).toBe(201);
  // The plan covers interiors only: the wash gets its 10 % member discount.
  await signUp(page.request, 'Promo Member');
  await becomeMember(admin, page.request, [interior.categoryId]);
  await admin.dispose();

  await toSchedule(page, glossBossId, 'Basic Exterior Wash');
  await fillPlace(page, soma);
  await openDay(page, workdayAhead(wash.timeZone, 77), wash.timeZone);
  await slotRadio(page, '2:00 PM').click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Member discount')).toBeVisible();
  await expect(summary.getByText('-$5.90')).toBeVisible();
  const stepTotal = (await summary.locator('dd').last().innerText()).trim();
  expect(await accessibilityViolations(page)).toEqual([]);
  await shoot(page, 'step3-member-discount');
  await page.getByLabel(terms).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(page).toHaveURL(/\/checkout\?bookingId=\d+/);
  const bookingId = Number(new URL(page.url()).searchParams.get('bookingId'));
  const created = await (await page.request.get(`/api/bookings/${bookingId}`)).json();
  expect(created).toMatchObject({ discountCents: 590, discountSource: 'membership' });
  expect(stepTotal).toBe(usd(created.totalCents));
  await expect(page.getByRole('button', { name: `Pay ${usd(created.totalCents)}` })).toBeVisible();

  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('$11.80 off the service price')).toBeVisible();
  const withCode = await (await page.request.get(`/api/bookings/${bookingId}`)).json();
  expect(withCode).toMatchObject({ discountCents: 1180, promoCode: code });
  expect(withCode.totalCents).toBeLessThan(created.totalCents);
  await expect(
    page.getByText(`Your total is now ${usd(withCode.totalCents)} (was ${usd(created.totalCents)}).`, { exact: true }),
  ).toBeVisible();
  const pay = page.getByRole('button', { name: `Pay ${usd(withCode.totalCents)}` });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('94105');
  await pay.click();

  // Gloss Boss answers requests: the screen says so, with when, and the same total.
  const sent = page.getByRole('region', { name: 'Request sent' });
  await expect(sent).toBeVisible();
  const words = await sent.innerText();
  expect(words).toContain('has until');
  expect(words).toContain(usd(withCode.totalCents));

  const paid = await (await page.request.get(`/api/bookings/${bookingId}`)).json();
  expect(paid).toMatchObject({ status: 'requested', totalCents: withCode.totalCents });
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
  await expect(page.getByText('Total', { exact: true }).locator('..').getByRole('definition')).toHaveText(usd(paid.totalCents));
});

test("[CUSTOMER] an instant-booking detailer's paid booking is confirmed and accepted at once", async ({ page, context }) => {
  await dismissNotificationPrompt(context);
  const { serviceId, timeZone } = await serviceOf(page.request, sparkleSquadId, 'Basic Exterior Wash');
  await signUp(page.request, 'Instant Customer');
  const created = await bookThroughApi(page.request, sparkleSquadId, serviceId, workdayAhead(timeZone, 79), '10:00 AM', soma);
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await payThroughApi(page.request, id);

  await page.goto(`/booking/confirmed/${id}`);
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('request-answer-note')).toHaveCount(0);
  expect((await (await page.request.get(`/api/bookings/${id}`)).json()).status).toBe('accepted');
  await page.goto(`/bookings/${id}`);
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
});
