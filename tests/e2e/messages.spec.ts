import type { Page } from '@playwright/test';
import { accessibilityViolations, bookAndPay, dismissNotificationPrompt, expect, signUp, test } from './fixtures.ts';

/** What "within a few seconds" allows a screen to take, from one browser's send to the other's screen. */
const live = { timeout: 5_000 };

const thread = (page: Page, name: string | RegExp) =>
  page.getByRole('log', { name: typeof name === 'string' ? `Messages with ${name}` : name });

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: /^Message / }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test('[CUSTOMER + DETAILER] a booking thread: the customer writes, the detailer sees it live with a badge, replies, and the customer sees Seen', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two browsers, each waiting on the other's live screen
  const customer = await signUp(page.request, 'Chatty Customer');
  const booking = await bookAndPay(page.request, 8, '11:00 AM');

  // The detailer is on their dashboard before anything is written: the Messages tab shows no count.
  const detailerContext = await browser.newContext();
  await dismissNotificationPrompt(detailerContext);
  const detailer = await detailerContext.newPage();
  detailer.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('401')) throw new Error(`detailer console: ${message.text()}`);
  });
  try {
    const signedIn = await detailerContext.request.post('/api/auth/demo-login', { data: { role: 'detailer' } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    await detailer.goto('/detailer');
    await expect(detailer.getByText(customer.name).first()).toBeVisible();
    // The bell (and with it the live stream) is on the page.
    await expect(detailer.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    const detailerNav = detailer.getByRole('navigation', { name: 'Main' });
    const detailerBadge = detailerNav.getByTestId('messages-unread-badge');
    await expect(detailerBadge).toHaveCount(0);
    await detailer
      .getByRole('button', { name: new RegExp(`^Message customer: ${customer.name}, Basic Exterior Wash`) })
      .scrollIntoViewIfNeeded();
    await detailer.screenshot({ path: '/tmp/messages-detailer-jobs.png' });

    // The customer opens the booking and taps Message: the booking's thread opens, empty.
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('button', { name: 'Message detailer' }).click();
    await expect(page).toHaveURL(/\/messages\?conversationId=\d+$/);
    const conversationId = Number(new URL(page.url()).searchParams.get('conversationId'));
    const customerThread = thread(page, 'Gloss Boss Mobile Detailing');
    await expect(customerThread.getByText('No messages yet. Say hello to Gloss Boss Mobile Detailing.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Gloss Boss Mobile Detailing' })).toBeVisible();

    await send(page, 'Hi! The gate code is 4321, see https://example.com/map');
    await expect(customerThread.getByText(/^Hi! The gate code is 4321/)).toBeVisible();
    await expect(customerThread.getByRole('link', { name: 'https://example.com/map' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(customerThread.getByText('Sending…')).toHaveCount(0);

    // Without a reload, the detailer's Messages tab counts it.
    await expect(detailerBadge).toHaveText('1', live);
    await detailerNav.getByRole('link', { name: /^Messages/ }).click();
    const row = detailer.getByTestId(`conversation-${conversationId}`);
    await expect(row.getByRole('heading', { name: customer.name })).toBeVisible();
    await expect(row).toContainText('1 unread message');
    await expect(row).toContainText('Hi! The gate code is 4321');

    // Open the thread: it is read, so the badge goes.
    await row.click();
    const detailerThread = thread(detailer, customer.name);
    await expect(detailerThread.getByText(/^Hi! The gate code is 4321/)).toBeVisible();
    await expect(detailerBadge).toHaveCount(0, live);

    // The thread is open on the detailer's phone: the customer's next message appears there, without a reload.
    await send(page, 'Also, the car is the blue one.');
    await expect(detailerThread.getByText('Also, the car is the blue one.')).toBeVisible(live);

    // The detailer answers; the customer sees the reply, and Seen under their last message.
    await send(detailer, 'Thanks, see you at 11!');
    await expect(customerThread.getByText('Thanks, see you at 11!')).toBeVisible(live);
    await expect(customerThread.getByText('Seen')).toBeVisible(live);
    await expect(customerThread.getByText('Seen')).toHaveCount(1);
    await expect(
      customerThread.getByRole('listitem').filter({ hasText: 'Also, the car is the blue one.' }).getByText('Seen'),
    ).toBeVisible();

    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/messages-thread.png' });

    // Back to the list: the thread, its last message and no unread count; nothing for axe to find.
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    const customerRow = page.getByTestId(`conversation-${conversationId}`);
    await expect(customerRow).toContainText('Thanks, see you at 11!');
    await expect(customerRow).toContainText('Basic Exterior Wash');
    await expect(customerRow).not.toContainText('unread');
    await expect(page.getByRole('button', { name: 'Contact support' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/messages-list.png' });
    expect(await accessibilityViolations(detailer)).toEqual([]);
  } finally {
    await detailerContext.close();
  }
});

/** A 24 x 16 PNG, a real image for the server to check by its bytes and resize. */
const photoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWOQC7hDFcQwapDcaBjJjaajgNEsEkB+OgAAYajvENNvzckAAAAASUVORK5CYII=',
  'base64',
);

test('[CUSTOMER] a message with a very long word wraps inside its bubble, and is cut short in the list; the thread, its times and the list stay on a 390 px screen', async ({
  page,
}) => {
  await signUp(page.request, 'Wordy Customer');
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Contact support' }).click();
  const support = thread(page, 'Glossly Support');
  await expect(support).toBeVisible();
  const code = 'GLOSSLYGATECODE'.repeat(6); // one word: no hyphen or space to break at
  await send(page, `My gate code is ${code}`);
  // Once stored, the message shows its time under the bubble.
  const message = support.locator('[data-testid^="message-"]').filter({ hasText: code });
  await expect(message.locator('time')).toBeVisible();
  const box = (await message.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(message.locator('time')).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The list of conversations shows that long last message cut short in its row, within the page's margins.
  await page.goto('/messages');
  const row = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first();
  await expect(row).toContainText('My gate code is');
  const rowBox = (await row.boundingBox())!;
  expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(390 - 16);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('[CUSTOMER + ADMIN] a new customer sees how conversations start, writes to support with a photo, and an admin answers', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = await signUp(page.request, 'Quiet Customer');
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
  await expect(page.getByText('Open a booking and tap Message to talk with your detailer.')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/messages-empty.png' });

  await page.getByRole('button', { name: 'Contact support' }).click();
  const support = thread(page, 'Glossly Support');
  await expect(support).toBeVisible();
  const conversationId = Number(new URL(page.url()).searchParams.get('conversationId'));

  // A photo: too big is refused here with a clear message; a small one goes with the text.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByRole('alert').filter({ hasText: 'This photo is larger than 5 MB. Choose a smaller one.' })).toBeVisible();
  await fileInput.setInputFiles({ name: 'scratch.png', mimeType: 'image/png', buffer: photoPng });
  await expect(page.getByRole('img', { name: 'Photo to send' })).toBeVisible();
  // The field grows with its text up to about five lines, then scrolls.
  const field = page.getByRole('textbox', { name: 'Message Glossly Support' });
  const oneLine = (await field.boundingBox())!.height;
  await field.fill('1\n2\n3');
  await expect.poll(async () => (await field.boundingBox())!.height).toBeGreaterThan(oneLine + 40);
  await field.fill('1\n2\n3\n4\n5\n6\n7\n8\n9');
  await expect.poll(async () => (await field.boundingBox())!.height).toBeLessThanOrEqual(150);
  await send(page, 'How do I change my card? Here is the scratch.');
  const photo = support.getByRole('img', { name: 'Photo from you' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /^\/api\/messages\/\d+\/photo$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // An admin finds it among all threads and answers as Glossly Support; the customer sees it live.
  const adminContext = await browser.newContext();
  await dismissNotificationPrompt(adminContext);
  const admin = await adminContext.newPage();
  try {
    const signedIn = await adminContext.request.post('/api/auth/demo-login', { data: { role: 'admin' } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    await admin.goto('/admin/messages');
    const row = admin.getByTestId(`admin-conversation-${conversationId}`);
    await expect(row).toContainText(customer.name);
    await expect(row).toContainText('Support');
    expect(await accessibilityViolations(admin)).toEqual([]);
    await admin.screenshot({ path: '/tmp/messages-admin.png' });
    await row.click();
    const adminThread = thread(admin, customer.name);
    await expect(adminThread.getByText('How do I change my card? Here is the scratch.')).toBeVisible();
    await send(admin, 'Open Profile, then Payment methods.');
    await expect(adminThread.getByText('Open Profile, then Payment methods.')).toBeVisible();

    await expect(support.getByText('Open Profile, then Payment methods.')).toBeVisible(live);
    await expect(support.getByText('Seen')).toBeVisible(live);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/messages-support-thread.png' });
  } finally {
    await adminContext.close();
  }
});
