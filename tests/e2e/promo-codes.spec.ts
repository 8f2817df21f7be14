import { accessibilityViolations, bookWash, expect, signUp, test } from './fixtures.ts';

/** A code no other run has made: codes are unique across the one shared server. */
const uniqueCode = () => `E2E${Date.now().toString(36).toUpperCase()}${process.pid.toString(36).toUpperCase()}`;

test('[ADMIN] creates a 20 % code; [CUSTOMER] enters it at checkout, sees the discount and pays the discounted total', async ({ page }) => {
  const code = uniqueCode();
  expect((await page.request.post('/api/auth/demo-login', { data: { role: 'admin' } })).status()).toBe(200);

  await page.goto('/admin/marketing/promo-codes/new');
  await expect(page.getByRole('heading', { name: 'New promo code' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Services' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  // Checked before anything is sent, with the server's own words.
  await page.getByLabel('Code', { exact: true }).fill('no');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText('Code must be 3 to 32 letters, digits, - or _')).toBeVisible();
  await expect(page.getByText('Percent off must be a whole number from 1 to 100')).toBeVisible();
  await expect(page.getByLabel('Code', { exact: true })).toBeFocused();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Percent off').fill('20');
  await page.getByLabel('Total uses').fill('5');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/promo-codes$/);
  const card = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: code });
  await expect(card.getByText('20% off')).toBeVisible();
  await expect(card.getByText('0/5 used')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The customer, in a browser of their own.
  const customerContext = await page
    .context()
    .browser()!
    .newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } });
  await customerContext.addInitScript(() => sessionStorage.setItem('notificationPromptDismissed', 'true'));
  const customer = await customerContext.newPage();
  await signUp(customer.request, 'Penny Promo');
  const booking = await bookWash(customer.request, 19, '2:00 PM');

  await customer.goto(`/checkout?bookingId=${booking.id}`);
  await expect(customer.getByRole('button', { name: 'Pay $78.72' })).toBeVisible();
  await customer.getByLabel('Promo code').fill('NOSUCHCODE');
  await customer.getByRole('button', { name: 'Apply' }).click();
  await expect(customer.getByText('We could not find that code. Check the spelling and try again.')).toBeVisible();

  await customer.getByLabel('Promo code').fill(code.toLowerCase());
  await customer.getByRole('button', { name: 'Apply' }).click();
  await expect(customer.getByText(`${code} applied`)).toBeVisible();
  await expect(customer.getByText('$11.80 off the service price')).toBeVisible();
  await expect(customer.getByText('Your total is now $65.98 (was $78.72).', { exact: true })).toBeVisible();
  // $59.00 - $11.80 = $47.20, + $15.00 fee + $3.78 tax = $65.98: the discount line and the new total.
  const summary = customer.locator('dl[aria-label="Payment summary"]');
  await expect(summary.getByText(`Promo code ${code}`)).toBeVisible();
  await expect(summary.getByText('-$11.80')).toBeVisible();
  const pay = customer.getByRole('button', { name: 'Pay $65.98' });
  await expect(pay).toBeVisible();
  expect(await accessibilityViolations(customer)).toEqual([]);

  await customer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await customer.getByLabel('Expiry').fill('12 / 34');
  await customer.getByLabel('CVC').fill('123');
  await customer.getByLabel('ZIP').fill('94107');
  await pay.click();
  await expect(customer.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  const after = await (await customer.request.get(`/api/bookings/${booking.id}`)).json();
  expect(after).toMatchObject({ status: 'requested', totalCents: 6598, discountCents: 1180, promoCode: code });
  const status = await (await customer.request.get(`/api/payments/booking-status?bookingId=${booking.id}`)).json();
  expect(status).toMatchObject({ status: 'requires_capture', amountCents: 6598 });
  await customerContext.close();

  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: code }).getByText('1/5 used'),
  ).toBeVisible();
});

test('[DETAILER] makes a code for their own service and shares their profile with a QR code', async ({ page }) => {
  await signUp(page.request, 'Dee Marketer', 'detailer');
  await page.goto('/detailer/marketing');
  await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Share your profile' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code for http/ })).toBeVisible();
  await expect(page.getByLabel('Your profile link')).toHaveValue(/\/detailers\/\d+$/);
  await expect(page.getByText('No promo codes yet')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const code = uniqueCode();
  await page.getByRole('button', { name: 'Create a code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('radio', { name: 'Fixed amount' }).click();
  await page.getByLabel('Amount off ($)').fill('10');
  await page.getByRole('button', { name: 'Create code' }).click();
  const card = page.getByRole('list', { name: 'Your promo codes' }).getByRole('listitem').filter({ hasText: code });
  await expect(card.getByText('$10.00 off')).toBeVisible();
  await card.getByRole('button', { name: `Pause ${code}` }).click();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});
