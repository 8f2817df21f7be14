import type { APIRequestContext, Page } from '@playwright/test';
import { accessibilityViolations, expect, signInAsDemo, signUp, test } from './fixtures.ts';

/** A fresh customer, signed up in its own API context (its own cookies), so the admin's browser stays the admin's. */
const registerCustomer = (request: APIRequestContext, name: string) => signUp(request, name);

async function findUser(page: Page, username: string) {
  await page.goto('/admin/users');
  await page.getByLabel('Search').fill(username);
  const list = page.getByRole('list', { name: 'Users' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(`@${username}`, { exact: true })).toBeVisible();
  return list.getByRole('listitem');
}

test('[ADMIN] disables a customer, who can no longer sign in', async ({ page, playwright, browser }) => {
  const customerApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const customer = await registerCustomer(customerApi, 'Dora Disabled');
  await signInAsDemo(page.request, 'admin');

  const row = await findUser(page, customer.username);
  await expect(row.getByText('Customer', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Disable ${customer.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${customer.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('User disabled', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Enable ${customer.name}` })).toBeVisible();

  // The customer's open session ended with the disabling.
  expect((await customerApi.get('/api/auth/user')).status()).toBe(401);
  await customerApi.dispose();

  // And signing in again is refused with the server's message (own context: its 403 is expected, not a page error).
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  await customerPage.goto('/login');
  await customerPage.getByLabel('Email').fill(customer.email);
  await customerPage.getByLabel('Password').fill(customer.password);
  await customerPage.getByRole('button', { name: 'Login' }).click();
  await expect(customerPage.getByText('This account has been disabled. Please contact support.', { exact: true })).toBeVisible();
  await expect(customerPage).toHaveURL(/\/login$/);
  await context.close();
});

test('[ADMIN] promotes a customer to admin', async ({ page, playwright }) => {
  const customerApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const customer = await registerCustomer(customerApi, 'Pia Promoted');
  expect((await customerApi.get('/api/admin/users')).status()).toBe(403);
  await signInAsDemo(page.request, 'admin');

  const row = await findUser(page, customer.username);
  await row.getByRole('button', { name: `Make admin: ${customer.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Make ${customer.name} an admin?` });
  await dialog.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText('User is now an admin', { exact: true })).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Make customer: ${customer.name}` })).toBeVisible();

  // The promotion takes effect on the customer's existing session.
  expect((await customerApi.get('/api/admin/users')).status()).toBe(200);
  await customerApi.dispose();
});

test('[ADMIN] the admin pages show their content and pass axe', async ({ page }) => {
  await signInAsDemo(page.request, 'admin');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin overview' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage users' })).toHaveAttribute('href', '/admin/users');
  await expect(page.getByRole('link', { name: 'View all bookings' })).toHaveAttribute('href', '/admin/bookings');
  await expect(page.getByRole('region', { name: 'Users' }).getByText('in total')).toBeVisible();
  const bookingsRegion = page.getByRole('region', { name: 'Bookings' });
  await expect(bookingsRegion.getByText('in total').or(bookingsRegion.getByText('No bookings yet.'))).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto('/admin/users');
  await expect(page.getByRole('list', { name: 'Users' }).getByText('@demoadmin', { exact: true })).toBeVisible();
  await expect(page.getByText('(you)')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bookings' }).or(page.getByText('No bookings yet', { exact: true }))).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});
