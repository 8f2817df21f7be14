import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, signUp, test } from './fixtures.ts';

// Decision 019, Profile: a new customer edits the profile, changes the password, downloads the data and deletes
// the account, all from /profile.

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('[CUSTOMER] the profile page has no accessibility violations, with its settings sheet open too', async ({ page }) => {
  await signUp(page.request, 'Avery Axe');
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('[CUSTOMER] edits the name, changes the password, downloads the data and deletes the account', async ({ page }) => {
  const account = await signUp(page.request, 'Parker Profile');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();

  // Edit profile: the name and a phone.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const editSheet = page.getByRole('dialog', { name: 'Edit profile' });
  await editSheet.getByLabel('Full Name').fill('P');
  await editSheet.getByRole('button', { name: 'Save changes' }).click();
  await expect(editSheet.getByText('Name must be at least 2 characters')).toBeVisible();
  await editSheet.getByLabel('Full Name').fill('Parker Renamed');
  await editSheet.getByLabel('Phone (optional)').fill('415.555.0123');
  await editSheet.getByRole('button', { name: 'Save changes' }).click();
  await expect(editSheet).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Parker Renamed' })).toBeVisible();
  await expect(page.getByText('(415) 555-0123')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Parker Renamed' })).toBeVisible();

  // Change password, then sign out and in again with the new one.
  const newPassword = `${account.password}-new`;
  await page.getByRole('button', { name: 'Change password' }).click();
  const passwordSheet = page.getByRole('dialog', { name: 'Change password' });
  await passwordSheet.getByLabel('Current Password').fill(account.password);
  await passwordSheet.getByLabel('New Password', { exact: true }).fill(newPassword);
  await passwordSheet.getByLabel('Confirm New Password').fill(newPassword);
  await passwordSheet.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSheet).toBeHidden();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, account.email, newPassword);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Parker Renamed' })).toBeVisible();

  // Download my data: a JSON file of one's own.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^glossly-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email: account.email, name: 'Parker Renamed', phone: '+14155550123' });
  expect(JSON.stringify(data)).not.toMatch(/passwordHash|\$argon2/);

  // Delete account: the consequences, the password, then signed out.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirm.getByText('Past bookings, payments and messages stay')).toBeVisible();
  await confirm.getByLabel('Password').fill(newPassword);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toEqual({ user: null });
  const oldLogin = await page.request.post('/api/auth/login', { data: { email: account.email, password: newPassword } });
  expect(oldLogin.status()).toBe(401);
});
