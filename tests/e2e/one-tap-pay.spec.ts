import type { Page } from '@playwright/test';
import { accessibilityViolations, bookWash, expect, signUp, test } from './fixtures.ts';

// Day offsets 29 and 14 are this spec's (payments.spec.ts books 9:00 and 11:00 AM on day 14).
const shots = '/work/shots/pay';

const bookingStatus = async (page: Page, id: number) =>
  ((await (await page.request.get(`/api/bookings/${id}`)).json()) as { status: string }).status;

test('[CUSTOMER] keeps the card at the first checkout, pays the next booking in one tap with it, and a third with the test wallet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page.request, 'One Tap Payer');

  // First booking: the card typed, with 'Keep this card for next time'.
  const first = await bookWash(page.request, 29, '10:00 AM');
  await page.goto(`/checkout?bookingId=${first.id}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('94107');
  await page.getByLabel('Keep this card for next time').check();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/bookings$/, { timeout: 10_000 });
  expect(await bookingStatus(page, first.id)).toBe('requested');
  const cards = (await (await page.request.get('/api/payment-methods')).json()) as { last4: string; isDefault: boolean }[];
  expect(cards).toMatchObject([{ last4: '4242', isDefault: true }]);

  // Second booking: checkout opens on one tap with the kept card, at the server's amount.
  const second = await bookWash(page.request, 14, '3:00 PM');
  await page.goto(`/checkout?bookingId=${second.id}`);
  const oneTap = page.getByRole('button', { name: /^Pay \$\d+\.\d\d with Visa •••• 4242$/ });
  await expect(oneTap).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use another card' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const intent = (await (await page.request.post('/api/create-payment-intent', { data: { bookingId: second.id } })).json()) as {
    amountCents: number;
  };
  await expect(oneTap).toHaveText(new RegExp(`\\$${(intent.amountCents / 100).toFixed(2).replace('.', '\\.')} with`));
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/checkout-default-card-390.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: `${shots}/checkout-default-card-320.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await oneTap.click();
  await expect(page).toHaveURL(/\/bookings$/, { timeout: 10_000 });
  expect(await bookingStatus(page, second.id)).toBe('requested');

  // Third booking: the test wallet's sheet (the merchant, the amount), then Pay.
  const third = await bookWash(page.request, 29, '2:00 PM');
  await page.goto(`/checkout?bookingId=${third.id}`);
  await expect(page.getByRole('button', { name: /with Visa •••• 4242$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay with test wallet' }).click();
  const sheet = page.getByRole('dialog', { name: 'Test wallet' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Glossly')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/wallet-sheet-390.png` });
  await page.setViewportSize({ width: 320, height: 740 });
  await page.screenshot({ path: `${shots}/wallet-sheet-320.png` });
  await sheet.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/bookings$/, { timeout: 10_000 });
  expect(await bookingStatus(page, third.id)).toBe('requested');
});
