import { accessibilityViolations, dismissNotificationPrompt, expect, signUp, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}`;

test('[ADMIN] builds an audience and an in-app campaign, sends it to 100 %; [CUSTOMER] with Promotions on gets it', async ({ page }) => {
  test.setTimeout(120_000);
  const id = unique();

  // A fresh customer with a Sedan turns Promotions (in-app) on: off by default, so nobody else's demo account is touched.
  const customerContext = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } });
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
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { name: 'In-app notification' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Send now' }).click();
  const progress = page.getByRole('progressbar', { name: 'Sending progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await customer.goto('/');
  await customer.getByRole('button', { name: /^Notifications/ }).click();
  await expect(customer.getByRole('dialog').getByText(`Sedan shine ${id}`)).toBeVisible();
  await customer.getByRole('dialog').getByText(`Sedan shine ${id}`).click();
  await expect(customer).toHaveURL(new RegExp(`${exampleLink}$`));
  await expect(customer.getByRole('heading', { level: 1 })).not.toHaveText('404 Page Not Found');
  await customerContext.close();
});
