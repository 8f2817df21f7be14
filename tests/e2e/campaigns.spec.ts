import { accessibilityViolations, dismissNotificationPrompt, expect, signUp, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}`;

test('[ADMIN] builds an audience and an in-app campaign, sends it to 100 %; [CUSTOMER] with Promotions on gets it', async ({ page }) => {
  test.setTimeout(120_000);
  const id = unique();

  // A fresh customer with a Sedan turns Promotions (in-app) on: off by default, so nobody else's demo account is touched.
  const customerContext = await page
    .context()
    .browser()!
    .newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } });
  await dismissNotificationPrompt(customerContext);
  const customer = await customerContext.newPage();
  await signUp(customer.request, 'Sally Sedan');
  const car = await customer.request.post('/api/vehicles', { data: { make: 'Honda', model: 'Civic', year: 2021, vehicleType: 'Sedan' } });
  expect(car.status(), await car.text()).toBe(201);
  await customer.goto('/notification-settings');
  const promotionsInApp = customer.getByRole('switch', { name: 'Promotions: In-app' });
  await expect(promotionsInApp).not.toBeChecked();
  await promotionsInApp.click();
  await expect(promotionsInApp).toBeChecked();
  expect(await accessibilityViolations(customer)).toEqual([]);

  // A second Sedan owner who never turned Promotions on: in the audience, left out of the campaign.
  const optedOut = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  await signUp(optedOut.request, 'Otto Optout');
  expect(
    (await optedOut.request.post('/api/vehicles', { data: { make: 'Kia', model: 'Rio', year: 2020, vehicleType: 'Sedan' } })).status(),
  ).toBe(201);
  await optedOut.close();

  expect((await page.request.post('/api/auth/demo-login', { data: { role: 'admin' } })).status()).toBe(200);
  await page.goto('/admin/marketing/audiences/new');
  await expect(page.getByRole('heading', { name: 'New audience' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Sedan customers ${id}`);
  await page.getByLabel('Role').selectOption('customer');
  await page.getByLabel('Has a car of type').selectOption('Sedan');
  await expect(page.getByText(/^\d+ (person|people)$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sample of members' }).getByRole('listitem').first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save audience' }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/audiences$/);
  await expect(page.getByRole('list', { name: 'Audiences' }).getByText(`Sedan customers ${id}`)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto('/admin/marketing/campaigns/new');
  await page.getByLabel('Campaign name').fill(`Sedan spring ${id}`);
  const audienceValue = await page.locator('option', { hasText: `Sedan customers ${id}` }).getAttribute('value');
  await page.getByLabel('Audience', { exact: true }).selectOption(audienceValue!);
  await page.getByLabel('Subject', { exact: true }).fill(`Sedan shine ${id}`);
  await page.getByLabel('Text', { exact: true }).fill('A spring wash for your sedan, this week only.');
  // The form's own example is a page customers can open (it once was /services, which is no page: a 404).
  const buttonLink = page.getByLabel('Button link (optional)');
  const exampleLink = (await buttonLink.getAttribute('placeholder'))!;
  await buttonLink.fill(exampleLink);
  // Who it reaches is who has Promotions on for the chosen channel (In-app), not the audience's size; the rest are
  // named as left out, and why.
  const reach = page.getByTestId('campaign-reach');
  await expect(reach).toContainText(/^Reaches \d+ (person|people)/);
  const reaches = Number(/Reaches (\d+)/.exec((await reach.textContent())!)![1]);
  expect(reaches).toBeGreaterThanOrEqual(1);
  await expect(reach).toContainText(`In-app ${reaches}`);
  await expect(reach).toContainText(/left out: Promotions are off/);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/campaign-reach.png', fullPage: true });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { name: 'In-app notification' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Send now' }).click();
  const people = reaches === 1 ? '1 person' : `${reaches} people`;
  const confirm = page.getByRole('dialog', { name: `Send to ${people} now?` });
  await expect(confirm).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/campaign-confirm.png' });
  // The 'Campaign saved' toast, if still up, never covers the sheet's buttons (it moves above while a modal is open).
  const savedToast = page.locator('[role="region"][aria-label^="Notifications (F8)"] li');
  if (await savedToast.count()) {
    const toastBox = (await savedToast.boundingBox())!;
    const sendBox = (await confirm.getByRole('button', { name: `Send to ${people}` }).boundingBox())!;
    expect(
      toastBox.y + toastBox.height <= sendBox.y || toastBox.y >= sendBox.y + sendBox.height,
      'the toast clear of the send button',
    ).toBe(true);
  }
  await confirm.getByRole('button', { name: `Send to ${people}` }).click();
  const progress = page.getByRole('progressbar', { name: 'Sending progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  // The reach the form showed is what was sent.
  const campaignId = /\/campaigns\/(\d+)$/.exec(page.url())![1];
  const sent = (await (await page.request.get(`/api/admin/campaigns/${campaignId}`)).json()) as {
    figures: { recipients: number; sent: number };
  };
  expect(sent.figures).toMatchObject({ recipients: reaches, sent: reaches });

  await customer.goto('/');
  await customer.getByRole('button', { name: /^Notifications/ }).click();
  await expect(customer.getByRole('dialog').getByText(`Sedan shine ${id}`)).toBeVisible();
  await customer.getByRole('dialog').getByText(`Sedan shine ${id}`).click();
  await expect(customer).toHaveURL(new RegExp(`${exampleLink}$`));
  await expect(customer.getByRole('heading', { level: 1 })).not.toHaveText('404 Page Not Found');
  await customerContext.close();
});
