import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { notificationLink } from '@core/domain/notification-links.ts';
import type { Notification } from '@core/schemas/notification.ts';
import { bookAndPay, completeJob, dismissNotificationPrompt, expect, moveServerClock, signUp, test } from './fixtures.ts';

/**
 * Every link the app sends (an email's, a push's, a notification's target, a receipt's) is opened as the first page
 * of a browser that has never used Glossly: the server draws it with its data and the app takes over from that
 * drawing (decisions 028, 029), a path no tap inside the app takes.
 */

const errorBox = /Something went wrong|couldn't load|could not load|Page not found/i;

/** A browser with no storage but `as`'s session cookie: what a phone opening a link from an email has. */
async function freshBrowserAs(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext();
  await dismissNotificationPrompt(context);
  const { cookies } = await request.storageState();
  await context.addCookies(cookies);
  return context;
}

async function opensAsFirstPage(page: Page, link: string) {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400 && response.status() !== 401)
      failures.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(link);
  await expect(page.locator('main').first()).toBeVisible();
  // Long enough for the hydrated app to ask again for what the drawing held (the thread asked `before=null` here).
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(errorBox), `${link} shows an error`).toHaveCount(0);
  expect(failures, `${link} asked and was refused`).toEqual([]);
  expect(new URL(page.url()).pathname + new URL(page.url()).search, `${link} sent elsewhere`).toBe(link);
}

async function linksOf(request: APIRequestContext) {
  const response = await request.get('/api/notifications');
  expect(response.status(), await response.text()).toBe(200);
  const notifications = (await response.json()) as Notification[];
  return [...new Set(notifications.map(notificationLink).filter((link): link is string => link !== null))];
}

test.afterEach(async ({ request }) => {
  await moveServerClock(request, null);
});

test('[CUSTOMER + DETAILER] every notification link, a receipt link and a message link open as the first page of a fresh browser', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL;
  const customer = await playwright.request.newContext({ baseURL });
  const detailer = await playwright.request.newContext({ baseURL });
  await signUp(customer, 'Linked Customer');
  expect((await detailer.post('/api/auth/demo-login', { data: { role: 'detailer' } })).ok()).toBe(true);

  // A booking that goes the whole way: requested, paid, accepted, messaged both ways, done, reviewed.
  const booking = await bookAndPay(customer, 16, '11:00 AM');
  const opened = await customer.post('/api/conversations', { data: { bookingId: booking.id } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const conversation = (await opened.json()) as { id: number };
  expect(
    (await customer.post(`/api/conversations/${conversation.id}/messages`, { data: { clientId: 'c1', body: 'Gate code 4321' } })).ok(),
  ).toBe(true);
  expect(
    (await detailer.post(`/api/conversations/${conversation.id}/messages`, { data: { clientId: 'd1', body: 'See you then' } })).ok(),
  ).toBe(true);
  await completeJob(detailer, booking);
  const reviewed = await customer.post(`/api/bookings/${booking.id}/reviews`, { data: { rating: 5, body: 'Spotless, thank you' } });
  expect(reviewed.ok(), await reviewed.text()).toBe(true);
  // Both sides' reviews publish together (double-blind): each side is told with a link to the review.
  const reviewedBack = await detailer.post(`/api/bookings/${booking.id}/reviews`, { data: { rating: 5 } });
  expect(reviewedBack.ok(), await reviewedBack.text()).toBe(true);

  const customerLinks = await linksOf(customer);
  const detailerLinks = (await linksOf(detailer)).filter(
    (link) => link.includes(String(booking.id)) || link.startsWith('/messages') || link.startsWith('/reviews'),
  );
  // Each kind the booking produced is there to be opened: the test proves nothing if the list is short.
  for (const expected of [`/bookings/${booking.id}`, `/messages?conversationId=${conversation.id}`, `/job-progress/${booking.id}`]) {
    expect(customerLinks).toContain(expected);
  }
  expect(customerLinks.some((link) => link.startsWith('/payment-success?id='))).toBe(true);
  expect(customerLinks.some((link) => link.startsWith('/reviews/'))).toBe(true);
  expect(detailerLinks).toContain(`/messages?conversationId=${conversation.id}`);
  expect(detailerLinks.some((link) => link.startsWith('/reviews/'))).toBe(true);

  for (const [who, request, links] of [
    ['customer', customer, [...customerLinks, `/bookings/${booking.id}/receipt`]],
    ['detailer', detailer, detailerLinks],
  ] as const) {
    for (const link of links) {
      const context = await freshBrowserAs(browser, request);
      const page = await context.newPage();
      await test.step(`${who} opens ${link}`, () => opensAsFirstPage(page, link));
      await context.close();
    }
  }
  await customer.dispose();
  await detailer.dispose();
});

test('[CUSTOMER] a message link opened signed out asks to sign in, then shows the conversation', async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const customer = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const account = await signUp(customer, 'Returning Customer');
  const booking = await bookAndPay(customer, 67, '1:00 PM');
  const opened = await customer.post('/api/conversations', { data: { bookingId: booking.id } });
  const conversation = (await opened.json()) as { id: number };
  expect(
    (
      await customer.post(`/api/conversations/${conversation.id}/messages`, { data: { clientId: 'c2', body: 'Blue car in the drive' } })
    ).ok(),
  ).toBe(true);

  const context = await browser.newContext();
  await dismissNotificationPrompt(context);
  const page = await context.newPage();
  const link = `/messages?conversationId=${conversation.id}`;
  await page.goto(link);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/messages\\?conversationId=${conversation.id}$`));
  await expect(page.getByText('Blue car in the drive')).toBeVisible();
  await expect(page.getByText(errorBox)).toHaveCount(0);
  await context.close();
  await customer.dispose();
  // The demo detailer reads it: later specs count their unread messages from none.
  const detailer = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await detailer.post('/api/auth/demo-login', { data: { role: 'detailer' } })).ok()).toBe(true);
  const thread = (await (await detailer.get(`/api/conversations/${conversation.id}`)).json()) as { messages: { id: number }[] };
  const lastReadMessageId = Math.max(...thread.messages.map((message) => message.id));
  expect((await detailer.post(`/api/conversations/${conversation.id}/read`, { data: { lastReadMessageId } })).status()).toBe(204);
  await detailer.dispose();
});

test("[ADMIN + CUSTOMER] a campaign email's button, opened in a fresh browser, lands on the campaign's page", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL;
  const customer = await playwright.request.newContext({ baseURL });
  const admin = await playwright.request.newContext({ baseURL });
  const account = await signUp(customer, 'Promo Reader');
  const promotionsByEmail = await customer.put('/api/notification-settings', {
    data: { settings: [{ type: 'promotions', inApp: false, push: false, email: true }] },
  });
  expect(promotionsByEmail.ok(), await promotionsByEmail.text()).toBe(true);
  expect((await admin.post('/api/auth/demo-login', { data: { role: 'admin' } })).ok()).toBe(true);

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const audience = await admin.post('/api/admin/audiences', {
    data: { name: `Link readers ${account.username}`, rules: { role: 'customer', signedUpFrom: day(-1), signedUpTo: day(1) } },
  });
  expect(audience.status(), await audience.text()).toBe(201);
  const made = await admin.post('/api/admin/campaigns', {
    data: {
      name: `Link ${account.username}`,
      audienceId: (await audience.json()).id,
      channels: ['email'],
      subject: `Come back ${account.username}`,
      body: 'A wash this week.',
      ctaUrl: '/detailers',
      ctaLabel: 'Find a detailer',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const campaignId = (await made.json()).id as number;
  expect((await admin.post(`/api/admin/campaigns/${campaignId}/send`)).ok()).toBe(true);
  await expect
    .poll(async () => (await (await admin.get(`/api/admin/campaigns/${campaignId}`)).json()).status, { timeout: 60_000 })
    .toBe('sent');

  // The mail, read from the demo outbox (the e2e server runs in demo mode, as `npm start` does).
  const outbox = (await (await customer.get('/api/demo/outbox')).json()) as { emails: { to: string; subject: string; text: string }[] };
  const mail = outbox.emails.find((email) => email.to === account.email && email.subject === `Come back ${account.username}`);
  expect(mail, 'the campaign mail is in the outbox').toBeTruthy();
  const button = new URL(/Find a detailer: (\S+)/.exec(mail!.text)![1]!);

  const context = await freshBrowserAs(browser, customer);
  const page = await context.newPage();
  await page.goto(button.pathname);
  await expect(page).toHaveURL(/\/detailers$/);
  await expect(page.getByText(errorBox)).toHaveCount(0);
  await context.close();
  await customer.dispose();
  await admin.dispose();
});
