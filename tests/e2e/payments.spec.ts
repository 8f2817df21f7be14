import type { APIRequestContext } from '@playwright/test';
import { accessibilityViolations, bookWash, expect, glossBossId, signUp, test } from './fixtures.ts';

/** A new customer (no referral credits), signed in on this page's context. */
const newCustomer = (request: APIRequestContext) => signUp(request, 'Pat Payer');

test('[CUSTOMER] pays for a booking with 4242 4242 4242 4242 and sees it requested', async ({ page }) => {
  await newCustomer(page.request);
  const booking = await bookWash(page.request, 3, '9:00 AM');

  await page.goto(`/checkout?bookingId=${booking.id}&amount=1.00`);
  // The server's amount, not the URL's.
  await expect(page.getByText('Service Total')).toBeVisible();
  await expect(page.getByText('Total Amount')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Referral credits' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Need help? Contact customer support' })).toHaveAttribute('href', '/help-support');
  await expect(page.getByText(/Test mode: use card 4242 4242 4242 4242/)).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay $78.72' });
  await expect(pay).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // Checked before anything is sent.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry').fill('01 / 20');
  await page.getByLabel('CVC').fill('1');
  await page.getByLabel('ZIP').fill('94107');
  await pay.click();
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();
  await expect(page.getByText("Your card's expiration date is invalid or in the past.")).toBeVisible();
  await expect(page.getByText("Your card's security code is invalid.")).toBeVisible();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Payment Successful')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  await expect(page).toHaveURL(/\/bookings$/, { timeout: 6000 });
  await expect(page.getByText('Requested').first()).toBeVisible();
  const after = await (await page.request.get(`/api/bookings/${booking.id}`)).json();
  expect(after.status).toBe('requested');
});

test('[CUSTOMER] finds the card form on checkout before the payment intent, types into it, and nothing moves when the intent comes', async ({
  page,
}) => {
  await newCustomer(page.request);
  const booking = await bookWash(page.request, 14, '9:00 AM');
  // The intent is held back, as on a slow phone, where it comes seconds after the page.
  let releaseIntent = () => {};
  const intentHeld = new Promise<void>((resolve) => (releaseIntent = resolve));
  await page.route('**/api/create-payment-intent', async (route) => {
    await intentHeld;
    await route.continue();
  });

  await page.goto(`/checkout?bookingId=${booking.id}`);
  const hint = page.getByText(/Test mode: use card 4242 4242 4242 4242/);
  const connecting = page.getByRole('status').filter({ hasText: 'Connecting to Stripe payment system...' });
  const help = page.getByRole('link', { name: 'Need help? Contact customer support' });
  await expect(hint).toBeVisible();
  await expect(connecting).toBeVisible();
  // No amount to pay before the intent: the test wallet's button waits, disabled.
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay with test wallet' })).toBeDisabled();
  // Typable once the app has taken over the drawn page, before the intent.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  const before = { hint: await hint.boundingBox(), notice: await connecting.boundingBox(), help: await help.boundingBox() };

  releaseIntent();
  const pay = page.getByRole('button', { name: 'Pay $78.72' });
  await expect(pay).toBeVisible();
  await expect(connecting).toHaveCount(0);
  // The button takes the notice's place, at its height: nothing above or below it moves.
  expect(await pay.boundingBox()).toEqual(before.notice);
  expect(await hint.boundingBox()).toEqual(before.hint);
  expect(await help.boundingBox()).toEqual(before.help);
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');

  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('94107');
  await pay.click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Payment Successful')).toBeVisible();
});

test('[CUSTOMER] sees the decline for 4000 0000 0000 9995 and keeps the slot held', async ({ page }) => {
  await newCustomer(page.request);
  const booking = await bookWash(page.request, 3, '11:00 AM');

  await page.goto(`/checkout?bookingId=${booking.id}`);
  await page.getByLabel('Card number').fill('4000 0000 0000 9995');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('94107');
  await page.getByRole('button', { name: 'Pay $78.72' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Payment Failed')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);

  const after = await (await page.request.get(`/api/bookings/${booking.id}`)).json();
  expect(after.status).toBe('pending_payment');
  const availability = await (
    await page.request.get(`/api/detailers/${glossBossId}/availability?date=${booking.date}&serviceId=${booking.serviceId}`)
  ).json();
  expect(availability.slots.find((s: { time: string }) => s.time === '11:00 AM').available).toBe(false);
});

test('[CUSTOMER] confirms with the bank for 4000 0025 0000 3155; the confirmation loads only when the bank asks', async ({ page }) => {
  await newCustomer(page.request);
  const booking = await bookWash(page.request, 14, '11:00 AM');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const isConfirmationScript = (path: string) => /\/authentication-dialog-content-[\w-]+\.js$/.test(path);

  await page.goto(`/checkout?bookingId=${booking.id}`);
  const pay = page.getByRole('button', { name: 'Pay $78.72' });
  await expect(pay).toBeVisible();
  expect(scripts.filter(isConfirmationScript)).toEqual([]);

  await page.getByLabel('Card number').fill('4000 0025 0000 3155');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('94107');
  await pay.click();
  const bank = page.getByRole('dialog', { name: 'Confirm this payment' });
  await expect(bank.getByText(/confirm a payment of \$78\.72 to Glossly/)).toBeVisible();
  expect(scripts.filter(isConfirmationScript)).toHaveLength(1);
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  const after = await (await page.request.get(`/api/bookings/${booking.id}`)).json();
  expect(after.status).toBe('requested');
});

test('[CUSTOMER] sees Payment Error for a booking that is not theirs and Invalid Amount for a non-positive amount', async ({
  page,
  consoleErrors,
}) => {
  await newCustomer(page.request);
  await page.goto('/checkout?bookingId=999999');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expect(page.getByText("We couldn't set up your payment. Please try again or contact support.")).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Payment Setup Error')).toBeVisible();
  await page.goto('/checkout?bookingId=1&amount=0');
  await expect(page.getByRole('heading', { name: 'Invalid Amount' })).toBeVisible();
  await expect(page.getByText('Please provide a valid payment amount.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The browser logs the expected 404 of the missing booking; anything else still fails the test.
  const isExpected = (text: string) => text.includes('status of 404 (Not Found)');
  expect(consoleErrors.some(isExpected)).toBe(true);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !isExpected(text)));
});

test('[CUSTOMER] saves a card on /payment-methods and removes it', async ({ page }) => {
  await newCustomer(page.request);
  await page.goto('/payment-methods');
  await expect(page.getByRole('heading', { name: 'No saved cards' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();

  // The checkout's card form: checked before anything is sent.
  const save = page.getByRole('button', { name: 'Save card' });
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('94107');
  await save.click();
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await save.click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Card saved')).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByText('Visa •••• 4242')).toBeVisible();
  await expect(saved.getByText('Expires 12/34')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  const stored = await (await page.request.get('/api/payment-methods')).json();
  // The first card saved is the default one tap pays with (decision 051).
  expect(stored).toEqual([{ id: expect.any(Number), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true }]);

  await page.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
  await expect(page.getByRole('heading', { name: 'No saved cards' })).toBeVisible();
  expect(await (await page.request.get('/api/payment-methods')).json()).toEqual([]);
});

test('[CUSTOMER] pays at checkout with a card saved on /payment-methods', async ({ page }) => {
  await newCustomer(page.request);
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: 'Add a card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('94107');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('list', { name: 'Saved cards' }).getByText('Visa •••• 4242')).toBeVisible();

  const booking = await bookWash(page.request, 4, '1:00 PM');
  await page.goto(`/checkout?bookingId=${booking.id}`);
  // The card saved first is the default: checkout opens on one tap with it, and 'Use another card' shows the choice.
  await expect(page.getByRole('button', { name: 'Pay $78.72 with Visa •••• 4242' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use another card' }).click();
  const choice = page.getByRole('radiogroup', { name: 'Pay with' });
  const savedCard = choice.getByRole('radio', { name: 'Visa •••• 4242, expires 12/34' });
  const newCard = choice.getByRole('radio', { name: 'Use a new card' });
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(newCard).toBeChecked();
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  // No card fields while a saved card is chosen; 'Use a new card' brings them back.
  await savedCard.click();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await newCard.click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await savedCard.click();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay $78.72' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/bookings$/, { timeout: 6000 });
  const after = await (await page.request.get(`/api/bookings/${booking.id}`)).json();
  expect(after.status).toBe('requested');
});

test('[CUSTOMER] quick checkout finds the soonest slot and lands on step 2 with it preselected', async ({ page }) => {
  await newCustomer(page.request);
  const services = (await (await page.request.get('/api/services')).json()) as { id: number; name: string }[];
  const wash = services.find((s) => s.name === 'Basic Exterior Wash')!;
  const soonest = await (await page.request.get(`/api/services/${wash.id}/soonest-slot`)).json();
  expect(soonest).toMatchObject({ serviceId: wash.id, serviceName: 'Basic Exterior Wash', time: expect.any(String) });

  await page.goto(`/quick-checkout/${wash.id}`);
  await expect(page.getByRole('heading', { name: 'Soonest available' })).toBeVisible();
  await expect(page.getByText(`with ${soonest.detailerBusinessName}`)).toBeVisible();
  await expect(page.getByText(new RegExp(`at ${soonest.time}$`))).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  // The vehicle is the one thing the booking flow still needs.
  await page.getByRole('button', { name: 'Continue to Schedule' }).click();
  await expect(page.getByText('Choose a vehicle type')).toBeVisible();
  await page.getByLabel('Vehicle Type').selectOption('SUV');
  await page.getByRole('button', { name: 'Continue to Schedule' }).click();

  await expect(page).toHaveURL(new RegExp(`/booking/${soonest.detailerId}$`));
  await expect(page.getByRole('heading', { name: 'Select Date & Time' })).toBeVisible();
  // The times wait for where the car is (a customer without a saved place types it); the soonest one stays chosen.
  await expect(page.getByText('Enter the ZIP code where the car is to see the times this detailer can come.')).toBeVisible();
  await page.getByLabel('Address').fill('500 Howard St');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('Zip').fill('94105');
  await expect(page.getByRole('radio', { name: soonest.time })).toHaveAttribute('aria-checked', 'true');
  const draft = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingBooking') ?? 'null'));
  expect(draft).toMatchObject({
    detailerId: soonest.detailerId,
    serviceId: wash.id,
    date: soonest.date,
    time: soonest.time,
    vehicleType: 'SUV',
  });
});
