import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  accessibilityViolations,
  addProofOfService,
  bookAndPay,
  expect,
  moveServerClock,
  openAsDemo,
  signUp,
  smallJpeg,
  test,
} from './fixtures.ts';

/** Where this spec's screenshots go, for a person to look at. */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/proof-of-service';
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

/** The Basic Exterior Wash's checklist, as the seed gives it. */
const checklist = ['Pre-rinse and foam', 'Hand wash with two buckets', 'Wheels and tyres cleaned', 'Dry and windows streak-free'];
/** What "live" allows: the customer's page follows without a reload. */
const live = { timeout: 3_000 };

test.afterEach(async ({ request }) => {
  // The server's clock is shared by every spec: back to the real time whatever happened.
  await moveServerClock(request, null);
});

test('[DETAILER + CUSTOMER] the detailer adds before and after photos and ticks the checklist; the customer sees them live; then Complete', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUp(page.request, 'Proof Customer');
  const booking = await bookAndPay(page.request, 11, '2:00 PM', { vehicleType: 'SUV' });
  await page.goto(`/job-progress/${booking.id}`);
  const status = page.getByRole('status', { name: 'Booking status' });
  await expect(status).toHaveText('Requested');

  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer');
  try {
    expect((await detailer.request.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
    // Ten minutes before the start, for the server and the detailer's browser: On my way and Start are open.
    const at = new Date(Date.parse(booking.startsAt) - 10 * 60_000);
    await moveServerClock(detailer.request, at);
    await detailer.clock.setSystemTime(at);
    expect((await detailer.request.post(`/api/bookings/${booking.id}/start-route`)).status()).toBe(200);

    await detailer.goto(`/job-progress/${booking.id}`);
    const card = detailer.getByRole('heading', { name: 'Proof of service' }).locator('..').locator('..');
    await expect(card.getByText("The service's checklist appears here when you start the job.")).toBeVisible();
    const complete = detailer.getByRole('button', { name: 'Complete', exact: true });
    await detailer.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(status).toHaveText('In progress', live);

    // Complete waits for the proof, saying what is missing.
    await expect(complete).toBeDisabled();
    await expect(detailer.getByText('At least one after photo', { exact: true })).toBeVisible();
    for (const label of checklist) await expect(detailer.getByRole('checkbox', { name: label })).not.toBeChecked();
    expect(await accessibilityViolations(detailer)).toEqual([]);
    await shot(detailer, 'detailer-empty');

    // A before photo, from the phone's camera (a file here).
    const beforePicker = detailer.getByLabel('Add a before photo', { exact: true });
    await expect(beforePicker).toHaveAttribute('capture', 'environment');
    await beforePicker.setInputFiles({ name: 'before.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg('#7a5c3a') });
    await expect(detailer.getByRole('img', { name: 'Before photo 1 of Basic Exterior Wash' })).toBeVisible();
    // ...and the customer sees it without a reload.
    await expect(page.getByRole('img', { name: 'Before photo 1 of Basic Exterior Wash' })).toBeVisible(live);
    await expect(page.getByText('No after photo', { exact: true })).toBeVisible();

    await detailer
      .getByLabel('Add an after photo', { exact: true })
      .setInputFiles({ name: 'after.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg('#2b6cd4') });
    await expect(detailer.getByRole('img', { name: 'After photo 1 of Basic Exterior Wash' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'After photo 1 of Basic Exterior Wash' })).toBeVisible(live);
    await expect(detailer.getByText('At least one after photo', { exact: true })).toHaveCount(0);
    await expect(complete).toBeDisabled();

    for (const [index, label] of checklist.entries()) {
      await detailer.getByRole('checkbox', { name: label }).click();
      await expect(detailer.getByRole('checkbox', { name: label })).toBeChecked();
      await expect(page.getByText(`${index + 1} of ${checklist.length} done`)).toBeVisible(live);
    }
    await expect(complete).toBeEnabled();
    expect(await accessibilityViolations(detailer)).toEqual([]);
    await shot(detailer, 'detailer-done');

    // The customer's view: the pair side by side, the checklist ticked, a photo opened larger.
    await expect(page.getByText('Wheels and tyres cleaned: done', { exact: true })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'customer-live');
    await page.getByRole('button', { name: 'After photo 1 of Basic Exterior Wash' }).click();
    const dialog = page.getByRole('dialog', { name: 'After photo 1 of Basic Exterior Wash' });
    await expect(dialog.getByRole('img')).toBeVisible();
    await expect.poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'customer-photo-dialog');
    await page.keyboard.press('Escape');

    await complete.click();
    await expect(status).toHaveText('Completed', live);
    // The booking's own page keeps the proof, read-only, for both.
    await page.goto(`/bookings/${booking.id}`);
    await expect(page.getByRole('img', { name: 'Before photo 1 of Basic Exterior Wash' })).toBeVisible();
    await expect(page.getByText(`${checklist.length} of ${checklist.length} done`)).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'customer-booking-details');
  } finally {
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});

test('[DETAILER] removes a photo after confirming; the customer stops seeing it', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signUp(page.request, 'Remove Customer');
  const booking = await bookAndPay(page.request, 12, '11:00 AM');
  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer');
  try {
    expect((await detailer.request.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
    const at = new Date(Date.parse(booking.startsAt) - 60 * 60_000);
    await moveServerClock(detailer.request, at);
    await detailer.clock.setSystemTime(at);
    expect((await detailer.request.post(`/api/bookings/${booking.id}/start-route`)).status()).toBe(200);

    await page.goto(`/bookings/${booking.id}`);
    await expect(
      page.getByText('Your detailer adds before and after photos as they work; they appear here as they are added.'),
    ).toBeVisible();
    await detailer.goto(`/job-progress/${booking.id}`);
    await detailer
      .getByLabel('Add a before photo', { exact: true })
      .setInputFiles({ name: 'before.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg() });
    const photo = page.getByRole('img', { name: 'Before photo 1 of Basic Exterior Wash' });
    await expect(photo).toBeVisible(live);

    await detailer.getByRole('button', { name: 'Remove Before photo 1 of Basic Exterior Wash' }).click();
    const confirm = detailer.getByRole('dialog', { name: 'Remove this photo?' });
    await expect(confirm).toBeVisible();
    expect(await accessibilityViolations(detailer)).toEqual([]);
    await shot(detailer, 'detailer-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove photo' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(detailer.getByText('No before photos yet: show the car as you found it.')).toBeVisible();
    await expect(photo).toHaveCount(0, live);

    // Finish the job: a job left on its way would be the demo detailer's current job in every later spec.
    await moveServerClock(detailer.request, new Date(Date.parse(booking.startsAt) - 20 * 60_000));
    expect((await detailer.request.post(`/api/bookings/${booking.id}/start`)).status()).toBe(200);
    await addProofOfService(detailer.request, booking.id);
    expect((await detailer.request.post(`/api/bookings/${booking.id}/complete`)).status()).toBe(200);
  } finally {
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});
