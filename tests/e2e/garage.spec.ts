import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, glossBossId, glossBossWash, scheduleStep, signUp, test, workdayAhead } from './fixtures.ts';

const shots = process.env.E2E_SHOTS_DIR;

async function fillCar(page: Page, car: { make: string; model: string; year: string; color?: string; plate?: string }) {
  const dialog = page.getByRole('dialog', { name: 'Add a car' });
  await dialog.getByLabel('Make').fill(car.make);
  await dialog.getByLabel('Model').fill(car.model);
  await dialog.getByLabel('Year').fill(car.year);
  if (car.color) await dialog.getByLabel('Colour').fill(car.color);
  if (car.plate) await dialog.getByLabel('License plate').fill(car.plate);
  return dialog;
}

test('[CUSTOMER] adds a car in My Cars and books with it preselected in step 1', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page.request, 'Garage Customer');

  // My Cars starts empty, inviting the first car.
  await page.goto('/garage');
  await expect(page.getByRole('heading', { level: 1, name: 'My Cars' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No cars yet' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'My Cars' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/garage-empty.png`, fullPage: true });

  // Choosing Toyota RAV4 sets SUV.
  await page.getByRole('button', { name: 'Add your first car' }).click();
  const dialog = await fillCar(page, { make: 'Toyota', model: 'RAV4', year: '2021', color: 'Blue', plate: '8abc123' });
  await expect(dialog.getByLabel('Vehicle Type')).toHaveValue('SUV');
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save car' }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Your cars' });
  const rav4 = list.getByRole('listitem').filter({ hasText: '2021 Toyota RAV4' });
  await expect(rav4).toBeVisible();
  await expect(rav4.getByText('SUV · Blue · 8ABC123')).toBeVisible();
  await expect(rav4.getByText('Default')).toBeVisible();

  // The 'Car added' toast covers the top of the page for a few seconds, and a pointer resting on it pauses it (as
  // for a person reading it): move the pointer away and let it go before reaching for 'Add a car' under it.
  await page.mouse.move(195, 780);
  await expect(page.getByText('Car added', { exact: true })).toBeHidden({ timeout: 15_000 });

  // A second car, then the form's validation: a year from before 1950 is refused with the field named.
  await page.getByRole('button', { name: 'Add a car' }).click();
  const second = await fillCar(page, { make: 'Honda', model: 'Odyssey', year: '1900' });
  await expect(second.getByLabel('Vehicle Type')).toHaveValue('Van');
  await second.getByRole('button', { name: 'Save car' }).click();
  await expect(second.getByText(/Year must be between 1950 and/)).toBeVisible();
  await second.getByLabel('Year').fill('2019');
  await second.getByLabel('Nickname').fill('Family van');
  await second.getByRole('button', { name: 'Save car' }).click();
  await expect(list.getByRole('heading', { name: 'Family van' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/garage-cars.png`, fullPage: true });

  // Book a wash: the default car is chosen, and with it the spec's Vehicle Type dropdown says SUV.
  const { timeZone } = await glossBossWash(page.request);
  await page.goto(`/booking/${glossBossId}`);
  await page.getByRole('button', { name: 'Select Basic Exterior Wash' }).click();
  const cars = page.getByRole('radiogroup', { name: 'Your cars' });
  await expect(cars.getByRole('radio', { name: /2021 Toyota RAV4/ })).toBeChecked();
  await expect(cars.getByRole('radio', { name: /Family van/ })).not.toBeChecked();
  await expect(page.getByLabel('Vehicle Type', { exact: true })).toHaveValue('SUV');
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/booking-step1.png`, fullPage: true });

  // The other car sets Van; a car added here is chosen at once; choosing the RAV4 again sets SUV.
  await cars.getByRole('radio', { name: /Family van/ }).click();
  await expect(page.getByLabel('Vehicle Type', { exact: true })).toHaveValue('Van');
  await page.getByRole('button', { name: 'Add a car' }).click();
  const inline = await fillCar(page, { make: 'Ford', model: 'F-150', year: '2020' });
  await expect(inline.getByLabel('Vehicle Type')).toHaveValue('Truck');
  await inline.getByRole('button', { name: 'Save car' }).click();
  await expect(inline).toBeHidden();
  await expect(cars.getByRole('radio', { name: /2020 Ford F-150/ })).toBeChecked();
  await expect(page.getByLabel('Vehicle Type', { exact: true })).toHaveValue('Truck');
  await cars.getByRole('radio', { name: /2021 Toyota RAV4/ }).click();
  await expect(page.getByLabel('Vehicle Type', { exact: true })).toHaveValue('SUV');
  await page.getByRole('button', { name: 'Continue to Schedule' }).click();

  // Step 2 and 3, on a workday a few days out, in the afternoon (other specs book tomorrow's mornings).
  await scheduleStep(page, { address: '1 Market St', day: workdayAhead(timeZone, 4), timeZone, time: '2:00 PM' });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('I agree to the Terms of Service and authorize payment for this service.').check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?bookingId=\d+/);

  // The booking carries the car as it was: its page shows it.
  const bookingId = new URL(page.url()).searchParams.get('bookingId');
  const booking = await (await page.request.get(`/api/bookings/${bookingId}`)).json();
  expect(booking).toMatchObject({
    vehicleType: 'SUV',
    vehicleDetails: { make: 'Toyota', model: 'RAV4', year: 2021, color: 'Blue', licensePlate: '8ABC123' },
  });
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByText('2021 Toyota RAV4 · Blue · 8ABC123')).toBeVisible();
});

test('[CUSTOMER] deletes a car after confirming, and the next one becomes the default', async ({ page }) => {
  await signUp(page.request, 'Garage Deleter');
  for (const car of [
    { make: 'Honda', model: 'Civic', year: 2018, vehicleType: 'Sedan' },
    { make: 'Porsche', model: '911', year: 2022, vehicleType: 'Luxury/Sports' },
  ]) {
    expect((await page.request.post('/api/vehicles', { data: car })).status()).toBe(201);
  }
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Delete 2018 Honda Civic' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2018 Honda Civic?' });
  await expect(confirm).toContainText('your newest other car becomes the default');
  await confirm.getByRole('button', { name: 'Delete car' }).click();
  const list = page.getByRole('list', { name: 'Your cars' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').filter({ hasText: '2022 Porsche 911' }).getByText('Default')).toBeVisible();
});
