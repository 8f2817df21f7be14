import type { APIRequestContext } from '@playwright/test';
import { accessibilityViolations, bookAndPay, expect, signInAsDemo, signUp, test } from './fixtures.ts';

/** A customer of its own, so that no other test's notifications show up. */
async function signUpCustomer(request: APIRequestContext) {
  await signUp(request, 'Nora Notified');
  return (await (await request.get('/api/auth/user')).json()) as { id: number; detailerId: number | null };
}

/** A real booking by the customer, paid with the built-in gateway's 4242 card: it is then `requested`. */
async function requestedBooking(customer: APIRequestContext, detailerId: number) {
  const detailer = await (await customer.get(`/api/detailers/${detailerId}`)).json();
  const serviceId: number = detailer.offeredServices[0].id;
  for (let day = 1; day <= 21; day += 1) {
    const date = new Date(Date.now() + day * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const availability = await (await customer.get(`/api/detailers/${detailerId}/availability?date=${date}&serviceId=${serviceId}`)).json();
    const slot = availability.slots?.find((s: { available: boolean }) => s.available);
    if (!slot) continue;
    const created = await customer.post('/api/bookings', {
      data: {
        detailerId,
        serviceId,
        vehicleType: 'Sedan',
        date,
        time: slot.time,
        address: '1 Market St',
        city: 'San Francisco',
        zip: '94105',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = await created.json();
    const intent = await customer.post('/api/create-payment-intent', { data: { bookingId: booking.id } });
    expect(intent.ok(), await intent.text()).toBe(true);
    const { clientSecret } = await intent.json();
    const confirmed = await customer.post('/api/payments/test-gateway/confirm', {
      data: { clientSecret, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123', zip: '94105' } },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    return booking.id as number;
  }
  throw new Error('No free slot in the next three weeks');
}

test('[CUSTOMER] the detailer accepts a booking and the open page shows it live: badge, item, link, mark as read', async ({
  page,
  browser,
}) => {
  await signUpCustomer(page.request);
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  const detailerContext = await browser.newContext();
  try {
    const detailer = await signInAsDemo(detailerContext.request, 'detailer');
    const bookingId = await requestedBooking(page.request, detailer.detailerId!);
    // Paying may notify the customer too (the payment notice): count from there.
    const countNow = async () => (await (await page.request.get('/api/notifications/count?unreadOnly=true')).json()).count as number;
    const before = await countNow();
    if (before > 0) await expect(page.getByTestId('unread-badge')).toHaveText(String(before), { timeout: 2_000 });
    const accepted = await detailerContext.request.post(`/api/bookings/${bookingId}/accept`);
    expect(accepted.ok(), await accepted.text()).toBe(true);

    // Live: far sooner than the 60 s poll.
    await expect(page.getByTestId('unread-badge')).toHaveText(String(before + 1), { timeout: 2_000 });
    await bell.click();
    const item = panel.getByRole('link', { name: /Booking accepted/ });
    await expect(item).toHaveAttribute('href', `/bookings/${bookingId}`);
    await expect(panel.getByText('just now').first()).toBeVisible();
    const markButtons = panel.getByRole('button', { name: 'Mark as read' });
    for (let left = before + 1; left > 0; left -= 1) {
      await markButtons.first().click();
      await expect(markButtons).toHaveCount(left - 1);
    }
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  } finally {
    await detailerContext.close();
  }
});

test('[CUSTOMER] the panel is 350px wide and at most 500px tall', async ({ page }) => {
  await signUpCustomer(page.request);
  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  // Measured once the opening animation has settled.
  await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBe(350);
  expect((await panel.boundingBox())!.height).toBeLessThanOrEqual(500);
});

test.describe('the permission prompt', () => {
  test.use({ showNotificationPrompt: true });

  /** A new customer's first booking, paid: its page is where the prompt asks (issue 37). */
  async function firstBookingPage(page: import('@playwright/test').Page, daysAhead: number) {
    await signUpCustomer(page.request);
    const booking = await bookAndPay(page.request, daysAhead, '9:00 AM');
    return `/bookings/${booking.id}`;
  }

  test('[CUSTOMER] not at the start of a session: Home and My Cars open without it, and the first tap reaches the page', async ({
    page,
  }) => {
    await signUpCustomer(page.request);
    await page.goto('/');
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await page.goto('/garage');
    await page.getByRole('button', { name: 'Add your first car' }).click();
    // The tap opened the car form, the only dialog: the prompt took nothing.
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByRole('dialog', { name: 'Turn on notifications' })).toHaveCount(0);
  });

  test('[CUSTOMER] a tap made while the prompt slides in reaches the page, and the prompt steps aside without being dismissed', async ({
    page,
  }) => {
    const bookingPage = await firstBookingPage(page, 28);
    // The sheet slides in for 160 ms; slowed to 10 s here, so that the tap lands inside it however slow the machine.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = 'dialog[open] { animation-duration: 10s !important; }';
        document.head.append(style);
      });
    });
    await page.goto(bookingPage);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const prompt = page.getByRole('dialog', { name: 'Turn on notifications' });
    await expect(prompt).toBeAttached();
    const box = (await bell.boundingBox())!;

    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // The tap opened the bell's panel behind the prompt, and the prompt closed for this page.
    await expect(page.getByRole('dialog', { name: 'Turn on notifications' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(bell).toHaveAttribute('aria-expanded', 'true');

    // Stepping aside is not 'Not now': the next occasion asks again.
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Turn on notifications' })).toBeVisible();
  });

  test('[CUSTOMER] opens after a first booking, on its page; enabling asks the browser and registers the device', async ({
    page,
    context,
  }) => {
    await page.goto(await firstBookingPage(page, 11));
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    const prompt = page.getByRole('dialog', { name: 'Turn on notifications' });
    await expect(prompt).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    await context.grantPermissions(['notifications']);
    const registration = page.waitForResponse((r) => r.url().endsWith('/api/device-tokens') && r.request().method() === 'POST');
    await prompt.getByRole('button', { name: 'Enable notifications' }).click();
    const response = await registration;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ deviceType: 'web', deviceName: 'Chrome', isActive: true });
    await expect(page.getByText('Notifications enabled', { exact: true })).toBeVisible();
    await expect(page.getByText('You will now receive notifications from the app.', { exact: true })).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test('[CUSTOMER] "Not now" hides it for the rest of the session', async ({ page }) => {
    await page.goto(await firstBookingPage(page, 12));
    const prompt = page.getByRole('dialog', { name: 'Turn on notifications' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(prompt).toHaveCount(0);
  });

  test('[CUSTOMER] the close button hides it too, and a new session shows it again', async ({ page, browser }) => {
    const bookingPage = await firstBookingPage(page, 13);
    await page.goto(bookingPage);
    const prompt = page.getByRole('dialog', { name: 'Turn on notifications' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(prompt).toHaveCount(0);
    await page.goto('/bookings');
    await page.goto(bookingPage);
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(prompt).toHaveCount(0);

    // Another browser session (same account) is asked again.
    const other = await browser.newContext({ storageState: await page.context().storageState() });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto(bookingPage);
      await expect(otherPage.getByRole('dialog', { name: 'Turn on notifications' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});

test('[CUSTOMER] notification settings: every type has in-app, push and email switches, saved at once', async ({ page }) => {
  await signUpCustomer(page.request);
  await page.goto('/notification-settings');
  await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
  const messagesEmail = page.getByRole('switch', { name: 'Messages: Email' });
  await expect(messagesEmail).toBeChecked();
  // Ten types and Promotions (issue 19), three channels each.
  await expect(page.getByRole('switch')).toHaveCount(33);
  expect(await accessibilityViolations(page)).toEqual([]);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/notification-settings') && r.request().method() === 'PUT');
  await messagesEmail.click();
  expect((await saved).status()).toBe(200);
  await expect(messagesEmail).not.toBeChecked();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Messages: Email' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Messages: Push' })).toBeChecked();
  const settings = await (await page.request.get('/api/notification-settings')).json();
  expect(settings).toContainEqual({ type: 'message', inApp: true, push: true, email: false });
});
