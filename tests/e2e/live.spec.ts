import type { Page } from '@playwright/test';
import { addProofOfService, bookAndPay, bookWash, dismissNotificationPrompt, expect, moveServerClock, signUp, test } from './fixtures.ts';

/** What "within a second" allows a screen to take, from the detailer's tap to the customer's page. */
const live = { timeout: 1_000 };

/** The detailer's one job card on the dashboard, and a step's button on it. */
const jobButton = (page: Page, step: string) =>
  page.getByRole('button', { name: new RegExp(`^${step}: Basic Exterior Wash, .* 3:00 PM$`) });

test('[CUSTOMER + DETAILER] the open booking page follows each move of the detailer within a second, without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000); // two browsers and five moves; each screen still gets only a second
  const customer = await signUp(page.request, 'Lively Customer');
  const booking = await bookAndPay(page.request, 5, '3:00 PM', { vehicleType: 'SUV', notes: 'Gate code 4321' });
  await page.goto(`/bookings/${booking.id}`);
  const status = page.getByRole('status', { name: 'Booking status' });
  await expect(status).toHaveText('Requested');

  // The detailer signs in through the form and lands on the job dashboard, not the customer's home.
  const detailerContext = await browser.newContext();
  await dismissNotificationPrompt(detailerContext);
  const detailer = await detailerContext.newPage();
  try {
    await detailer.goto('/login');
    await detailer.getByLabel('Email').fill('detailer@demo.glossly.app');
    await detailer.getByLabel('Password').fill('glossly-demo');
    await detailer.getByRole('button', { name: 'Login' }).click();
    await expect(detailer).toHaveURL(/\/detailer$/);
    await expect(detailer.getByText(customer.name).first()).toBeVisible();

    await jobButton(detailer, 'Accept').click();
    await expect(status).toHaveText('Accepted', live);

    // 'On my way' opens two hours before the start: move the server's (and the detailer's browser's) clock there.
    const opensAt = new Date(Date.parse(booking.startsAt) - 2 * 3_600_000);
    await moveServerClock(detailer.request, opensAt);
    await detailer.clock.setSystemTime(opensAt);
    await detailer.reload();
    await jobButton(detailer, 'On my way').click();
    await expect(status).toHaveText('On the way', live);

    await moveServerClock(detailer.request, new Date(Date.parse(booking.startsAt) - 10 * 60_000));
    await detailer.clock.setSystemTime(new Date(Date.parse(booking.startsAt) - 10 * 60_000));
    await detailer.reload();
    await jobButton(detailer, 'Start').click();
    await expect(status).toHaveText('In progress', live);

    // Complete waits for the proof of service (decision 020): an after photo and the checklist, through the API.
    await addProofOfService(detailer.request, booking.id);
    await jobButton(detailer, 'Complete').click();
    await expect(status).toHaveText('Completed', live);
  } finally {
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});

test('[CUSTOMER] an open checkout stops taking the card within a second when the hold is cancelled in another tab', async ({
  page,
  context,
}) => {
  await signUp(page.request, 'Two Tabs');
  const { id } = await bookWash(page.request, 6, '2:00 PM');
  await page.goto(`/checkout?bookingId=${id}`);
  // Taking the card: the pay button is there once the payment intent is (the fields come before it).
  await expect(page.getByRole('button', { name: 'Pay $78.72' })).toBeVisible();

  // The same customer, another tab: cancels the hold.
  const otherTab = await context.newPage();
  const cancelled = await otherTab.request.post(`/api/bookings/${id}/cancel`, { data: {} });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await expect(page.getByRole('heading', { name: 'Nothing to pay' })).toBeVisible(live);
  await expect(page.getByText('This booking is cancelled.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View booking' })).toHaveAttribute('href', `/bookings/${id}`);
});
