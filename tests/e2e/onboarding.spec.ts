import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  accessibilityViolations,
  addProofOfService,
  dismissNotificationPrompt,
  expect,
  moveServerClock,
  signUp,
  test,
  workdayAhead,
} from './fixtures.ts';

// Issue 17 (decision 021), end to end: a Service Provider signs up, finishes the setup (a service among it), an admin
// approves them, a customer's booking reaches their dashboard, they accept it and do the job on its day with the
// proof Complete needs; then /business shows the job's net as the balance and /business/dashboard charts it.

const shots = '/tmp/shots-F';
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const logoPhoto = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

async function apiOk(request: APIRequestContext, method: 'post' | 'put', url: string, data: object) {
  const response = await request[method](url, { data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

async function registerThroughForm(page: Page, account: { name: string; username: string; email: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('tabpanel', { name: 'Register' });
  await register.getByLabel('Full Name').fill(account.name);
  await register.getByLabel('Username').fill(account.username);
  await register.getByLabel('Email').fill(account.email);
  await register.getByLabel('Password', { exact: true }).fill(account.password);
  await register.getByLabel('Confirm Password').fill(account.password);
  await register.getByRole('radio', { name: 'Service Provider - Offer detailing services' }).check();
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

test('[DETAILER] signs up as a Service Provider, is approved, completes a booking and sees the earnings and the charts', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const account = { name: `Sky Shine ${id}`, username: `skyshine${id}`, email: `sky-${id}@example.com`, password: `e2e-pass-${id}` };
  await registerThroughForm(page, account);
  // An unconfirmed address may sign in (decision 010): the password is enough.
  const signedIn = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  // The setup, with nothing done yet.
  await page.goto('/detailer');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your business' })).toBeVisible();
  await expect(page.getByText('0 of 5 done')).toBeVisible();
  const steps = page.getByRole('list', { name: 'Setup steps' });
  await expect(steps.getByRole('link')).toHaveCount(5);
  await expect(steps.getByRole('link', { name: /Payout details/ })).toHaveAttribute('href', '/business');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/setup-start.png`, fullPage: true });

  // The business step, on this page: a logo, a name and a description.
  await page
    .getByLabel('Logo or photo', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPhoto() });
  await expect(page.getByText('Upload complete')).toBeVisible();
  await expect(page.getByText('Logo saved').first()).toBeVisible();
  await page.getByLabel('Business name').fill(`Sky Shine Mobile ${id}`);
  await page.getByLabel('Description').fill('Too short');
  await page.getByRole('button', { name: 'Save business details' }).click();
  await expect(page.getByText('Description must be at least 20 characters')).toBeVisible();
  await page.getByLabel('Description').fill('Hand washes, interiors and ceramic coatings at your door.');
  await page.getByRole('button', { name: 'Save business details' }).click();
  await expect(page.getByText('1 of 5 done')).toBeVisible();

  // Hours, service area, a service and the payout account through their own screens' APIs.
  const rules = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 }));
  await apiOk(page.request, 'put', '/api/detailer/availability', { rules });
  await apiOk(page.request, 'put', '/api/detailer/service-area', { zip: '94105', radiusMiles: 25 });
  const categories = (await (await page.request.get('/api/service-categories')).json()) as { id: number }[];
  const service = await apiOk(page.request, 'post', '/api/detailer/services', {
    name: 'Sky Express Wash',
    description: 'Foam, hand wash and dry.',
    categoryId: categories[0]!.id,
    priceCents: 6500,
    durationMinutes: 60,
  });
  await apiOk(page.request, 'post', '/api/detailer/payout-account', {
    accountHolderName: account.name,
    routingNumber: '110000000',
    accountNumber: '000123456789',
  });
  await page.reload();
  await expect(page.getByText('5 of 5 done')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  const me = (await (await page.request.get('/api/auth/user')).json()) as { detailerId: number };
  // Not listed yet: no page for customers (the detailer's own pages read it: their service area).
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`/api/detailers/${me.detailerId}`)).status()).toBe(404);
  await visitor.close();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/setup-waiting.png`, fullPage: true });

  // An admin approves them in /admin/users.
  const adminContext = await browser.newContext();
  await dismissNotificationPrompt(adminContext);
  const admin = await adminContext.newPage();
  try {
    expect((await adminContext.request.post('/api/auth/demo-login', { data: { role: 'admin' } })).ok()).toBe(true);
    await admin.goto('/admin/users?pendingApproval=true');
    const row = admin.getByRole('listitem').filter({ hasText: account.name });
    await expect(row.getByText('Pending approval')).toBeVisible();
    await expect(row.getByText(/Setup 5 of 5 done/)).toBeVisible();
    expect(await accessibilityViolations(admin)).toEqual([]);
    await admin.screenshot({ path: `${shots}/admin-pending.png`, fullPage: true });
    await row.getByRole('button', { name: `Approve ${account.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Approve ${account.name}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(admin.getByText('Detailer approved').first()).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await adminContext.close();
  }
  expect((await page.request.get(`/api/detailers/${me.detailerId}`)).status()).toBe(200);

  // A customer books and pays: the request reaches the dashboard.
  const customerContext = await browser.newContext();
  let customer: Awaited<ReturnType<typeof signUp>>;
  let booked: { id: number; startsAt: string; date: string; timeZone: string; vehicleSurchargeCents: number };
  try {
    customer = await signUp(customerContext.request, 'Cora Customer');
    booked = await apiOk(customerContext.request, 'post', '/api/bookings', {
      detailerId: me.detailerId,
      serviceId: service.id,
      vehicleType: 'SUV',
      date: workdayAhead('America/Los_Angeles', 3),
      time: '10:00 AM',
      address: '500 Howard St',
      city: 'San Francisco',
      zip: '94105',
    });
    const intent = await apiOk(customerContext.request, 'post', '/api/create-payment-intent', { bookingId: booked.id, appliedCredits: 0 });
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', zip: '94105' };
    await apiOk(customerContext.request, 'post', '/api/payments/test-gateway/confirm', { clientSecret: intent.clientSecret, card });
  } finally {
    await customerContext.close();
  }

  // Nothing earned and nothing charted yet: what the end of the journey must change.
  await page.goto('/business');
  await expect(page.getByRole('heading', { level: 1, name: 'Business' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No earnings yet' })).toBeVisible();
  await page.goto('/business/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Business dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your charts fill in after your first completed job' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenue per week' })).toHaveCount(0);

  await page.goto('/detailer');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const requests = page.getByRole('region', { name: /New requests/ });
  await expect(requests.getByText(customer.name)).toBeVisible();
  await expect(requests.getByText(/^Answer within \d+ h/)).toBeVisible();
  await expect(requests.getByRole('button', { name: /^Accept: Sky Express Wash/ })).toBeVisible();
  await expect(page.getByText('No earnings yet this week')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/dashboard.png`, fullPage: true });

  await requests.getByRole('button', { name: /^Accept: Sky Express Wash/ }).click();
  await expect(page.getByText('No new requests right now.')).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();

  // Accepted, not yet done: the job is upcoming (the busy-hours chart counts it), but there is no revenue and no
  // completed job to chart.
  await page.goto('/business/dashboard');
  await expect(page.getByRole('region', { name: 'Revenue per week' }).getByText('No revenue in the last 12 weeks.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bookings by service' }).getByText('No completed jobs in this period.')).toBeVisible();

  // The job's price less the platform's 15 % commission (decision 021; the SUV adds the service's surcharge, none
  // here) is what the detailer earns from it.
  const commissionPercent = 15;
  const grossCents = service.priceCents + booked.vehicleSurchargeCents;
  const netCents = grossCents - Math.round((grossCents * commissionPercent) / 100);
  // The dashboard's weeks are Mondays on the detailer's calendar, labelled 'Nov 16'.
  const [year, month, day] = booked.date.split('-').map(Number) as [number, number, number];
  const jobDay = new Date(Date.UTC(year, month - 1, day));
  const monday = new Date(Date.UTC(year, month - 1, day - ((jobDay.getUTCDay() + 6) % 7)));
  const weekLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(monday);

  try {
    // The job's day for the server (On my way and Start open only near the start, decision 015): on my way, start,
    // the photo and checklist Complete needs, complete. The charge is captured on completion.
    await moveServerClock(page.request, new Date(Date.parse(booked.startsAt) - 20 * 60_000));
    for (const action of ['start-route', 'start']) await apiOk(page.request, 'post', `/api/bookings/${booked.id}/${action}`, {});
    await addProofOfService(page.request, booked.id);
    const completed = await apiOk(page.request, 'post', `/api/bookings/${booked.id}/complete`, {});
    expect(completed.status).toBe('completed');

    // /business: GET /api/detailer/earnings syncs the ledger first, so the job's net is the balance and this week's.
    await page.goto('/business');
    const balance = page.getByRole('region', { name: 'Balance' });
    await expect(balance.getByText(usd(netCents), { exact: true }).first()).toBeVisible();
    await expect(balance).toContainText(`This week ${usd(netCents)}`);
    await expect(balance.getByText(`${commissionPercent} % commission on jobs; tips are all yours`)).toBeVisible();
    // The payout account from the setup is active: the whole balance goes out on the next payout day.
    await expect(balance.getByText(`about ${usd(netCents)}`)).toBeVisible();
    await expect(balance.getByText('Your whole balance is paid to your payout account.')).toBeVisible();
    await expect(page.getByText('No payouts yet. Your balance is paid on the next payout day.')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/business.png`, fullPage: true });

    // /business/dashboard: the charts fill in. The ledger has the job now, so revenue is net of commission.
    await page.goto('/business/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Business dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your charts fill in after your first completed job' })).toHaveCount(0);
    const revenue = page.getByRole('region', { name: 'Revenue per week' });
    await expect(
      revenue.getByText(
        `${usd(netCents)} in the last 12 weeks (after commission, tips included); best week ${weekLabel} at ${usd(netCents)}.`,
      ),
    ).toBeVisible();
    const services = page.getByRole('region', { name: 'Bookings by service' });
    await expect(services.getByText('Most booked: Sky Express Wash, 1 of 1 completed job.')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/business-dashboard.png`, fullPage: true });

    // The same figures as tables: the job's week has its net, the service its one job.
    await revenue.getByRole('button', { name: 'Show table' }).click();
    const revenueTable = revenue.getByRole('table', { name: 'Revenue per week, after commission, tips included' });
    await expect(revenueTable.getByRole('row', { name: `${weekLabel} ${usd(netCents)}`, exact: true })).toBeVisible();
    await expect(revenueTable.getByRole('cell', { name: '$0.00', exact: true })).toHaveCount(11);
    await services.getByRole('button', { name: 'Show table' }).click();
    const servicesTable = services.getByRole('table', { name: 'Completed jobs by service' });
    await expect(servicesTable.getByRole('row', { name: `Sky Express Wash 1 ${usd(grossCents)}`, exact: true })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/business-dashboard-tables.png`, fullPage: true });
  } finally {
    await moveServerClock(page.request, null);
  }
});
