import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, glossBossId, glossBossWash, signUp, test, workdayAhead } from './fixtures.ts';

const screenshots = process.env.E2E_SCREENSHOT_DIR;

async function chooseWashAndSedan(page: Page) {
  await page.goto(`/booking/${glossBossId}`);
  await page.getByRole('button', { name: 'Select Basic Exterior Wash' }).click();
  await page.getByLabel('Vehicle Type').selectOption('Sedan');
  await page.getByRole('button', { name: 'Continue to Schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Select Date & Time' })).toBeVisible();
}

/** Picks `iso` (YYYY-MM-DD) in the step's calendar, a month on if it lies in the next one, then its first free slot. */
async function pickDayAndFreeSlot(page: Page, iso: string, timeZone: string) {
  const day = new Date(`${iso}T00:00:00Z`);
  const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone, month: '2-digit' }).format(new Date());
  if (Number(thisMonth) !== day.getUTCMonth() + 1) await page.getByRole('button', { name: 'Next month' }).click();
  const label = day.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  await page.getByRole('button', { name: label, exact: true }).click();
  // Every slot is listed once loaded, the taken ones disabled.
  await expect(page.getByRole('radio', { name: /3:00 PM/ })).toBeVisible();
  for (const time of ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM']) {
    const slot = page.getByRole('radio', { name: time, exact: true });
    if ((await slot.count()) > 0 && (await slot.isEnabled())) {
      await slot.click();
      return;
    }
  }
  throw new Error(`no free slot on ${iso}`);
}

test('[CUSTOMER] saves a place while booking, finds it on /addresses, and the next booking starts there', async ({ page }) => {
  const { timeZone } = await glossBossWash(page.request);
  await signUp(page.request, 'Place Saver');

  // First booking: a new address, kept as Home with its gate code.
  await chooseWashAndSedan(page);
  await expect(page.getByLabel('Saved places')).toHaveCount(0);
  await page.getByLabel('Address').fill('1 Market St');
  await page.getByLabel('Apartment/Suite/Unit (optional)').fill('Unit 4');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('Zip').fill('94105');
  await page.getByLabel('Access notes (optional)').fill('Gate code 4412, park in bay 3');
  await pickDayAndFreeSlot(page, workdayAhead(timeZone, 4), timeZone);
  await page.getByRole('checkbox', { name: 'Save this place' }).check();
  await expect(page.getByLabel('Label', { exact: true })).toHaveValue('Home');
  expect(await accessibilityViolations(page)).toEqual([]);
  if (screenshots) await page.screenshot({ path: `${screenshots}/step2-new-place.png`, fullPage: true });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await page.getByLabel('I agree to the Terms of Service and authorize payment for this service.').check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?bookingId=\d+/);

  // The place is on /addresses, the default as the first one.
  await page.goto('/addresses');
  const places = page.getByRole('list', { name: 'Saved places' });
  await expect(places.getByRole('heading', { name: 'Home Default' })).toBeVisible();
  await expect(places.getByText('1 Market St, Unit 4')).toBeVisible();
  await expect(places.getByText('San Francisco 94105')).toBeVisible();
  await expect(places.getByText('Gate code 4412, park in bay 3')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  if (screenshots) await page.screenshot({ path: `${screenshots}/addresses.png`, fullPage: true });

  // The second booking's step 2 starts at Home.
  await chooseWashAndSedan(page);
  await expect(page.getByLabel('Address')).toHaveValue('1 Market St');
  await expect(page.getByLabel('Apartment/Suite/Unit (optional)')).toHaveValue('Unit 4');
  await expect(page.getByLabel('City')).toHaveValue('San Francisco');
  await expect(page.getByLabel('Zip')).toHaveValue('94105');
  await expect(page.getByLabel('Access notes (optional)')).toHaveValue('Gate code 4412, park in bay 3');
  await expect(page.getByLabel('Saved places')).toHaveValue(/\d+/);
  await expect(page.getByRole('checkbox', { name: 'Save this place' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
  await pickDayAndFreeSlot(page, workdayAhead(timeZone, 5), timeZone);
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  if (screenshots) await page.screenshot({ path: `${screenshots}/step2-prefilled.png`, fullPage: true });
});

test('[CUSTOMER] adds, edits and deletes a place on /addresses', async ({ page }) => {
  await signUp(page.request, 'Place Keeper');
  await page.goto('/addresses');
  await expect(page.getByRole('heading', { name: 'No saved places yet' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  if (screenshots) await page.screenshot({ path: `${screenshots}/addresses-empty.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add a place' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a place' });
  await dialog.getByRole('button', { name: 'Work' }).click();
  await dialog.getByLabel('Address').fill('500 Terry A Francois Blvd');
  await dialog.getByLabel('City').fill('San Francisco');
  await dialog.getByLabel('Zip').fill('1234');
  await dialog.getByRole('button', { name: 'Save place' }).click();
  await expect(dialog.getByText('Enter a 5-digit ZIP code (or ZIP+4)')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  if (screenshots) await page.screenshot({ path: `${screenshots}/addresses-form.png` });
  await dialog.getByLabel('Zip').fill('94158-1234');
  await dialog.getByRole('button', { name: 'Save place' }).click();
  await expect(page.getByRole('heading', { name: 'Work Default' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Work' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit place' });
  await edit.getByLabel('Label', { exact: true }).fill('Office');
  await edit.getByRole('button', { name: 'Save place' }).click();
  await expect(page.getByRole('heading', { name: 'Office Default' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Office' }).click();
  await page.getByRole('dialog', { name: 'Delete Office?' }).getByRole('button', { name: 'Delete place' }).click();
  await expect(page.getByRole('heading', { name: 'No saved places yet' })).toBeVisible();
});
