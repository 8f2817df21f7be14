import { readFile } from 'node:fs/promises';
import {
  accessibilityViolations,
  addProofOfService,
  bookAndPay,
  dismissNotificationPrompt,
  expect,
  expectOk,
  moveServerClock,
  signUp,
  test,
} from './fixtures.ts';

const shots = process.env.E2E_SHOTS_DIR;

test('[DETAILER] sees an empty Business page, completes a job, adds payout details, sees the balance and downloads a statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The demo detailer (Gloss Boss) signs in; a new customer books and pays the Basic Exterior Wash.
  await expectOk(await page.request.post('/api/auth/login', { data: { email: 'detailer@demo.glossly.app', password: 'glossly-demo' } }));
  await page.goto('/business');
  await expect(page.getByRole('heading', { name: 'Business', level: 1 })).toBeVisible();
  const before = await (await page.request.get('/api/detailer/earnings')).json();
  if (!before.hasActivity) {
    await expect(page.getByRole('heading', { name: 'No earnings yet' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/business-empty.png`, fullPage: true });
  }

  const customer = await browser.newContext();
  await dismissNotificationPrompt(customer);
  await signUp(customer.request, 'Business Customer');
  const booking = await bookAndPay(customer.request, 9, '2:00 PM');
  await customer.close();
  try {
    await expectOk(await page.request.post(`/api/bookings/${booking.id}/accept`));
    await moveServerClock(page.request, new Date(Date.parse(booking.startsAt) - 20 * 60_000));
    await expectOk(await page.request.post(`/api/bookings/${booking.id}/start-route`));
    await expectOk(await page.request.post(`/api/bookings/${booking.id}/start`));
    await addProofOfService(page.request, booking.id);
    await expectOk(await page.request.post(`/api/bookings/${booking.id}/complete`));
  } finally {
    await moveServerClock(page.request, null);
  }

  // $59.00 less 15 % commission: $50.15 more in the balance.
  const expected = before.balanceCents + 5015;
  const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
  await page.reload();
  const balance = page.getByRole('region', { name: 'Balance' });
  // The balance, and this week's total (the same job).
  await expect(balance.getByText(usd(expected), { exact: true }).first()).toBeVisible();
  await expect(balance.getByText('Add your payout details below to get paid.')).toBeVisible();

  // Payout details: checked before anything is sent, then only the last four digits are shown.
  const account = page.getByRole('region', { name: 'Payout account' });
  if (await account.getByRole('button', { name: 'Change' }).isVisible()) await account.getByRole('button', { name: 'Change' }).click();
  await account.getByLabel('Account holder name').fill('Gloss Boss Mobile Detailing');
  await account.getByLabel('Routing number').fill('123456789');
  await account.getByLabel('Account number').fill('12');
  await account.getByRole('button', { name: 'Save payout details' }).click();
  await expect(account.getByText('Routing number must be a valid 9-digit ABA routing number')).toBeVisible();
  await expect(account.getByText('Account number must be 4 to 17 digits')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/business-payout-form.png`, fullPage: true });
  await account.getByLabel('Routing number').fill('110000000');
  await account.getByLabel('Account number').fill('000123456789');
  await account.getByRole('button', { name: 'Save payout details' }).click();
  await expect(account.getByText('Bank account ending 6789')).toBeVisible();
  await expect(account.getByText('Active')).toBeVisible();
  await expect(balance.getByText(/^Next payout .+ · about /)).toBeVisible();
  await expect(page.getByText('No payouts yet. Your balance is paid on the next payout day.')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/business.png`, fullPage: true });

  // The month's statement: a CSV with a header, the job's line and the totals.
  const statements = page.getByRole('region', { name: 'Statements' });
  await expect(statements.getByRole('combobox', { name: 'Month' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    statements.getByRole('link', { name: 'Download statement' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^glossly-statement-\d{4}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date,Booking,Service,Gross,Commission,Net,Kind');
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2},${booking.id},Basic Exterior Wash,59\\.00,8\\.85,50\\.15,Job$`)),
  );
  expect(lines.at(-1)).toMatch(/^Total,,,/);
});
