import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { bookAndPay, dismissNotificationPrompt, expect, moveServerClock, signUp, smallJpeg, test } from './fixtures.ts';

// Decision 049: a detailer's job without signal. Day offsets 27 and 21 are this spec's.
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/offline-job';
mkdirSync(shots, { recursive: true });
const checklist = ['Pre-rinse and foam', 'Hand wash with two buckets', 'Wheels and tyres cleaned', 'Dry and windows streak-free'];

test.afterEach(async ({ request }) => {
  await moveServerClock(request, null);
});

/** The demo detailer, signed in, with the job accepted and On my way sent ten minutes before its start. */
async function detailerOnTheWay(browser: Browser, bookingId: number, startsAt: string): Promise<Page> {
  const context = await browser.newContext();
  await dismissNotificationPrompt(context);
  const detailer = await context.newPage();
  const signedIn = await detailer.request.post('/api/auth/login', {
    data: { email: 'detailer@demo.glossly.app', password: 'glossly-demo' },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  expect((await detailer.request.post(`/api/bookings/${bookingId}/accept`)).status()).toBe(200);
  const at = new Date(Date.parse(startsAt) - 10 * 60_000);
  await moveServerClock(detailer.request, at);
  await detailer.clock.setSystemTime(at);
  expect((await detailer.request.post(`/api/bookings/${bookingId}/start-route`)).status()).toBe(200);
  return detailer;
}

test('[DETAILER + CUSTOMER] a job done without signal: kept on the phone, sent on reconnect, seen by the customer in order', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page.request, 'Offline Customer');
  const booking = await bookAndPay(page.request, 27, '2:00 PM');
  const detailer = await detailerOnTheWay(browser, booking.id, booking.startsAt);
  try {
    // Opened online: the worker caches the app, the job and its checklist to come are read.
    await detailer.goto(`/job-progress/${booking.id}`);
    await expect(detailer.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();
    await detailer.evaluate(() => navigator.serviceWorker.ready);

    await detailer.context().setOffline(true);
    await detailer.getByRole('button', { name: 'Start', exact: true }).click();
    const saved = detailer.getByRole('status').filter({ hasText: 'Saved on this phone' });
    await expect(saved).toContainText('(1 action waiting)');
    // The checklist, ticked in the detailer's own order (the third item first).
    const order = [2, 0, 1, 3];
    for (const index of order) {
      await detailer.getByRole('checkbox', { name: checklist[index] }).click();
      await expect(detailer.getByRole('checkbox', { name: checklist[index] })).toBeChecked();
    }
    await detailer
      .getByLabel('Add a before photo', { exact: true })
      .setInputFiles({ name: 'before.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg('#7a5c3a') });
    await detailer
      .getByLabel('Add an after photo', { exact: true })
      .setInputFiles({ name: 'after.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg('#2b6cd4') });
    await expect(detailer.getByRole('img', { name: 'After photo 1 of Basic Exterior Wash' })).toBeVisible();
    await expect(saved).toContainText('(7 actions waiting)');
    for (const [name, width] of [
      ['390', 390],
      ['320', 320],
    ] as const) {
      await detailer.setViewportSize({ width, height: 844 });
      await detailer.screenshot({ path: `${shots}/offline-${name}.png`, fullPage: true });
    }
    await detailer.setViewportSize({ width: 390, height: 844 });

    await detailer.context().setOffline(false);
    await expect(saved).toHaveCount(0, { timeout: 20_000 });

    // The customer's job progress: the steps in the detailer's order, each at the time it was done offline.
    await page.goto(`/job-progress/${booking.id}`);
    const steps = page.getByRole('list', { name: 'Job steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(6);
    const texts = await steps.allInnerTexts();
    expect(texts.slice(0, 4).map((text) => text.split('\n')[0])).toEqual(order.map((index) => `${checklist[index]} done`));
    expect(texts.slice(4).map((text) => text.split('\n')[0])).toEqual([
      'Before photo 1 of Basic Exterior Wash added',
      'After photo 1 of Basic Exterior Wash added',
    ]);
    for (const text of texts) expect(text).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
    await expect(page.getByText('4 of 4 done')).toBeVisible();
    // The job then ends online as any other, leaving no job on its way for the specs that follow (tracking).
    expect((await detailer.request.post(`/api/bookings/${booking.id}/complete`)).status()).toBe(200);
  } finally {
    await detailer.context().close();
  }
});

test('[DETAILER + CUSTOMER] the customer cancels while the detailer is offline: the detailer is told why', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUp(page.request, 'Offline Canceller');
  const booking = await bookAndPay(page.request, 21, '2:00 PM');
  const context = await browser.newContext();
  await dismissNotificationPrompt(context);
  const detailer = await context.newPage();
  try {
    const signedIn = await detailer.request.post('/api/auth/login', {
      data: { email: 'detailer@demo.glossly.app', password: 'glossly-demo' },
    });
    expect(signedIn.status()).toBe(200);
    expect((await detailer.request.post(`/api/bookings/${booking.id}/accept`)).status()).toBe(200);
    const at = new Date(Date.parse(booking.startsAt) - 10 * 60_000);
    await moveServerClock(detailer.request, at);
    await detailer.clock.setSystemTime(at);
    await detailer.goto(`/job-progress/${booking.id}`);
    await expect(detailer.getByRole('button', { name: 'On my way', exact: true })).toBeEnabled();

    await context.setOffline(true);
    await detailer.getByRole('button', { name: 'On my way', exact: true }).click();
    await detailer.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(detailer.getByRole('status').filter({ hasText: 'Saved on this phone' })).toContainText('(2 actions waiting)');
    const cancelled = await page.request.post(`/api/bookings/${booking.id}/cancel`, { data: { confirmFee: true } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    await context.setOffline(false);
    // Both refused by the rules, each told with the reason, and dropped from the queue.
    const refused = detailer.getByRole('alert').filter({ hasText: 'The customer cancelled this booking' });
    await expect(refused).toHaveCount(2, { timeout: 20_000 });
    await expect(refused.filter({ hasText: 'On my way was not saved' })).toBeVisible();
    await expect(refused.filter({ hasText: 'Start was not saved' })).toBeVisible();
    await expect(detailer.getByRole('status').filter({ hasText: 'Saved on this phone' })).toHaveCount(0);
    await detailer.screenshot({ path: `${shots}/refused-390.png`, fullPage: true });
  } finally {
    await context.close();
  }
});
