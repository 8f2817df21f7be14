import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, glossBossId, scheduleStep, signUp, test, workdayAhead } from './fixtures.ts';

const shots = process.env.E2E_SHOTS_DIR;
const demoDetailer = { email: 'detailer@demo.glossly.app', password: 'glossly-demo' };

/** The amount beside a summary line (a <dt> and its <dd>). */
const amountBeside = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

test('[DETAILER] adds a service with a $15 SUV surcharge; [CUSTOMER] books it as an SUV and sees the surcharge line and total', async ({
  page,
}) => {
  const serviceName = `Foam Wash ${Date.now().toString(36)}`;

  // The demo detailer's services, then the editor.
  const login = await page.request.post('/api/auth/login', { data: demoDetailer });
  expect(login.ok(), await login.text()).toBeTruthy();
  await page.goto('/detailer/services');
  await expect(page.getByRole('heading', { level: 1, name: 'My services' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your services' });
  await expect(list.getByRole('heading', { name: 'Complete Detail Package' })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Complete Detail Package' })).toContainText(
    'Surcharges: Truck +$20.00 · Van +$20.00',
  );
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/my-services.png`, fullPage: true });

  await page.getByRole('link', { name: 'Add service' }).click();
  await expect(page).toHaveURL(/\/detailer\/manage-services$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a service' })).toBeVisible();
  // The shared schema speaks before anything is sent.
  await page.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Price is required')).toBeVisible();

  await page.getByLabel('Name').fill(serviceName);
  await page.getByLabel('Category').selectOption('Exterior');
  await page.getByLabel('Description').fill('Snow foam, a two-bucket hand wash and a streak-free dry.');
  await page.getByLabel('Price').fill('49');
  await page.getByLabel('Duration').selectOption({ label: '1 h' });
  await page.getByLabel('SUV surcharge').fill('15');
  for (const step of ['Hand wash', 'Snow foam pre-wash']) {
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page
      .getByLabel(/^Step \d+$/)
      .last()
      .fill(step);
  }
  await page.getByRole('button', { name: 'Move Step 2 up' }).click();
  await expect(page.getByRole('textbox', { name: 'Step 1', exact: true })).toHaveValue('Snow foam pre-wash');
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/manage-service.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add service' }).click();

  await expect(page).toHaveURL(/\/detailer\/services$/);
  const card = list.getByRole('listitem').filter({ hasText: serviceName });
  await expect(card).toContainText('$49.00 · 1 h · Exterior');
  await expect(card).toContainText('Surcharges: SUV +$15.00');
  const mine = (await (await page.request.get('/api/detailer/services')).json()) as { name: string; checklist: string[] }[];
  expect(mine.find((s) => s.name === serviceName)?.checklist).toEqual(['Snow foam pre-wash', 'Hand wash']);
  await page.request.post('/api/auth/logout');

  // A customer books it as an SUV: the summary shows the surcharge as its own line, taxed with the price.
  await signUp(page.request, 'Surcharge Customer');
  const timeZone = ((await (await page.request.get(`/api/detailers/${glossBossId}`)).json()) as { timeZone: string }).timeZone;
  await page.goto(`/booking/${glossBossId}`);
  await page.getByRole('button', { name: `Select ${serviceName}` }).click();
  await page.getByLabel('Vehicle Type', { exact: true }).selectOption('SUV');
  await page.getByRole('button', { name: 'Continue to Schedule' }).click();
  await scheduleStep(page, { address: '500 Howard St', day: workdayAhead(timeZone, 9), timeZone, time: '3:00 PM' });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  // $49 + $15 SUV surcharge + $15.00 fee + 8% of $64 ($5.12) = $84.12.
  await expect(amountBeside(page, serviceName)).toHaveText('$49.00');
  await expect(amountBeside(page, 'SUV surcharge')).toHaveText('$15.00');
  await expect(amountBeside(page, 'Service Fee')).toHaveText('$15.00');
  await expect(amountBeside(page, 'Tax')).toHaveText('$5.12');
  await expect(amountBeside(page, 'Total')).toHaveText('$84.12');
  if (shots) await page.screenshot({ path: `${shots}/booking-summary-surcharge.png`, fullPage: true });
  await page.getByLabel('I agree to the Terms of Service and authorize payment for this service.').check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?bookingId=\d+/);
  await expect(page.getByText('Includes SUV surcharge')).toBeVisible();
  await expect(amountBeside(page, 'Total Amount')).toHaveText('$84.12');
  if (shots) await page.screenshot({ path: `${shots}/checkout-surcharge.png`, fullPage: true });

  // The server priced it the same, from the catalog; the booking's page shows the line too.
  const bookingId = new URL(page.url()).searchParams.get('bookingId');
  const booking = await (await page.request.get(`/api/bookings/${bookingId}`)).json();
  expect(booking).toMatchObject({ vehicleType: 'SUV', priceCents: 4900, vehicleSurchargeCents: 1500, taxCents: 512, totalCents: 8412 });
  await page.goto(`/bookings/${bookingId}`);
  await expect(amountBeside(page, 'SUV surcharge')).toHaveText('$15.00');
  await expect(amountBeside(page, 'Total')).toHaveText('$84.12');
  if (shots) await page.screenshot({ path: `${shots}/booking-details-surcharge.png`, fullPage: true });
});

test('[DETAILER] a paused service leaves the booking page at once, and comes back on resume', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: demoDetailer });
  expect(login.ok(), await login.text()).toBeTruthy();
  await page.goto('/detailer/services');
  const card = page.getByRole('list', { name: 'Your services' }).getByRole('listitem').filter({ hasText: 'Headlight Restoration' });
  await card.getByRole('button', { name: 'Pause Headlight Restoration' }).click();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/my-services-paused.png`, fullPage: true });
  try {
    const detailer = await (await page.request.get(`/api/detailers/${glossBossId}`)).json();
    expect(detailer.offeredServices.map((s: { name: string }) => s.name)).not.toContain('Headlight Restoration');
    await page.goto(`/booking/${glossBossId}`);
    await expect(page.getByRole('button', { name: 'Select Basic Exterior Wash' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Select Headlight Restoration' })).toHaveCount(0);
  } finally {
    // Other specs book from the seed as it was.
    await page.goto('/detailer/services');
    await card.getByRole('button', { name: 'Resume Headlight Restoration' }).click();
    await expect(card.getByText('Paused', { exact: true })).toHaveCount(0);
  }
});
