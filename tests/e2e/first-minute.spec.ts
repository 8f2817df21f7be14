import { accessibilityViolations, expect, test } from './fixtures.ts';

// The first minute of a new user, offline (issue 37): told plainly they can sign in now, and in demo mode (the e2e
// server runs in it, as `npm start` does) the confirmation mail is on the demo outbox page, so its link opens
// without any mail server.
test('[VISITOR] a new account is told it can sign in now, and the demo outbox holds the confirmation link that signs in', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const email = `first-minute-${id}@example.com`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('tabpanel', { name: 'Register' });
  await register.getByLabel('Full Name').fill('First Minute');
  await register.getByLabel('Username').fill(`firstminute${id}`);
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password', { exact: true }).fill('first-minute-pass');
  await register.getByLabel('Confirm Password').fill('first-minute-pass');
  await register.getByRole('button', { name: 'Create account' }).click();

  await expect(register.getByText('You can sign in now with your email and password.')).toBeVisible();
  await expect(register.getByRole('link', { name: 'Sign in now' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/first-minute-registered.png' });

  await register.getByRole('link', { name: 'Open the demo outbox' }).click();
  await expect(page).toHaveURL(/\/demo\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo outbox' })).toBeVisible();
  const mail = page.getByRole('article').filter({ hasText: `To ${email}` });
  await expect(mail.getByRole('heading', { name: 'Confirm your Glossly email' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/first-minute-outbox.png', fullPage: true });

  await mail.getByRole('link', { name: /\/verify-email\?token=/ }).click();
  await expect.poll(async () => (await (await page.request.get('/api/auth/user')).json()).email, { timeout: 15_000 }).toBe(email);
});
