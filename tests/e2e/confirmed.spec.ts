import { accessibilityViolations, bookAndPay, expect, signUp, test, workdayAhead } from './fixtures.ts';

// Issue 36, 'Confirmed means confirmed' (decision 035): 'Booking Confirmed!' only for a booking the detailer has
// accepted (at once, with instant booking); a request says when the detailer will answer and what happens if not.

const shots = process.env.E2E_SHOTS_DIR;

async function sparkleSquadWash(request: import('@playwright/test').APIRequestContext) {
  const list = (await (await request.get('/api/detailers')).json()) as { id: number; businessName: string }[];
  const id = list.find((detailer) => detailer.businessName === 'Sparkle Squad')!.id;
  const detailer = await (await request.get(`/api/detailers/${id}`)).json();
  const serviceId = detailer.offeredServices.find((s: { name: string }) => s.name === 'Basic Exterior Wash').id as number;
  return { id, serviceId, timeZone: detailer.timeZone as string };
}

test("[CUSTOMER] an instant-booking detailer's booking reads 'Booking Confirmed!' and 'Accepted' after paying", async ({ page }) => {
  await signUp(page.request, 'Instant Customer');
  const sparkle = await sparkleSquadWash(page.request);
  const created = await page.request.post('/api/bookings', {
    data: {
      detailerId: sparkle.id,
      serviceId: sparkle.serviceId,
      vehicleType: 'Sedan',
      date: workdayAhead(sparkle.timeZone, 5),
      time: '11:00 AM',
      address: '500 Howard St',
      city: 'San Francisco',
      zip: '94105',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: number; totalCents: number };

  await page.goto(`/checkout?bookingId=${booking.id}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('94105');
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  await expect(page).toHaveURL(new RegExp(`/booking/confirmed/${booking.id}$`));
  const confirmed = page.getByRole('region', { name: 'Booking Confirmed!' });
  // One read: the screen moves on to /bookings after 2 seconds.
  const text = await confirmed.innerText();
  for (const words of ['Booking Confirmed!', 'Accepted', 'Your detailing service has been scheduled for:', 'Sparkle Squad'])
    expect(text).toContain(words);
  expect(text).not.toContain('has until');
  const after = await (await page.request.get(`/api/bookings/${booking.id}`)).json();
  expect(after).toMatchObject({ status: 'accepted', answerBy: null });

  // The same screen, read again at leisure (no redirect when opened directly), at 390 and 320 px wide.
  await page.goto(`/booking/confirmed/${booking.id}`);
  await expect(page.getByRole('region', { name: 'Booking Confirmed!' }).getByText('Accepted')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/confirmed-instant-390.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (shots) await page.screenshot({ path: `${shots}/confirmed-instant-320.png`, fullPage: true });
});

test('[CUSTOMER] a request-mode booking says when the detailer will answer, and that the hold is released if not', async ({ page }) => {
  await signUp(page.request, 'Request Customer');
  const booking = await bookAndPay(page.request, 63, '10:00 AM');
  const paid = (await (await page.request.get(`/api/bookings/${booking.id}`)).json()) as {
    status: string;
    answerBy: string;
    createdAt: string;
    timeZone: string;
  };
  const settings = (await (await page.request.get('/api/settings/public')).json()) as { requestTimeoutHours: number };
  expect(paid.status).toBe('requested');
  // The answer-by is the server's: the admin's request expiry after the booking was made (the start is days away).
  expect(Date.parse(paid.answerBy)).toBe(Date.parse(paid.createdAt) + settings.requestTimeoutHours * 3_600_000);
  const answerBy = new Date(paid.answerBy);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: paid.timeZone, hour: 'numeric', minute: '2-digit' }).format(answerBy);

  await page.goto(`/booking/confirmed/${booking.id}`);
  const request = page.getByRole('region', { name: 'Request sent' });
  await expect(request).toBeVisible();
  await expect(request.getByText('Requested', { exact: true })).toBeVisible();
  await expect(request.getByText(`Gloss Boss Mobile Detailing has until`)).toContainText(time);
  await expect(
    request.getByText('If they don’t answer by then, the request expires and the hold on your card is released. You are not charged.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/confirmed-request-390.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (shots) await page.screenshot({ path: `${shots}/confirmed-request-320.png`, fullPage: true });

  // The booking's own page says the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/bookings/${booking.id}`);
  await expect(page.getByTestId('request-answer-note')).toContainText(time);
});

test('[DETAILER] switches instant booking on the availability screen', async ({ page }) => {
  const signedIn = await page.request.post('/api/auth/login', { data: { email: 'maria@sparkle.example', password: 'glossly-demo' } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto('/detailer/availability');
  const instant = page.getByRole('switch', { name: 'Accept bookings instantly' });
  await expect(instant).toBeChecked();
  await expect(page.getByText('Customers who pay for one of your open times are booked at once')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/availability-instant-390.png` });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (shots) await page.screenshot({ path: `${shots}/availability-instant-320.png` });
  // Off and on again, read back from the server each time.
  await instant.click();
  await expect(instant).not.toBeChecked();
  expect((await (await page.request.get('/api/detailer/instant-booking')).json()).instantBooking).toBe(false);
  await instant.click();
  await expect(instant).toBeChecked();
  expect((await (await page.request.get('/api/detailer/instant-booking')).json()).instantBooking).toBe(true);
});
