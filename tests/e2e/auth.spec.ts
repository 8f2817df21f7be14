import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import type { Page } from '@playwright/test';
import { startMailbox, type Mailbox } from '../integration/mailbox.ts';
import { accessibilityViolations, expect, test } from './fixtures.ts';

// The real protocol peers the server talks to in these tests (playwright.config.ts points it at them).
const port = Number(process.env.E2E_PORT ?? 4173);
const oidcPort = 4455;
const smtpPort = 4456;

const unique = () => randomBytes(4).toString('hex');

let mailbox: Mailbox;
let oidcServer: Server;

test.beforeAll(async () => {
  mailbox = await startMailbox(smtpPort);

  const provider = new Provider(`http://127.0.0.1:${oidcPort}`, {
    clients: [
      {
        client_id: 'glossly-e2e',
        client_secret: 'glossly-e2e-secret-value',
        redirect_uris: [`http://localhost:${port}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The dev login form's "login" becomes the account: gina-xxxx signs in as Gina Google, gina-xxxx@example.com.
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id}@example.com`, email_verified: true, name: 'Gina Google' }),
    }),
    cookies: { keys: ['glossly-e2e-cookie-key'] },
  });
  oidcServer = provider.listen(oidcPort, '127.0.0.1');
  await new Promise<void>((resolve) => oidcServer.once('listening', () => resolve()));
});

test.afterAll(async () => {
  await mailbox.close();
  await new Promise<void>((resolve) => oidcServer.close(() => resolve()));
});

/** The browser logs a refused request itself; take out exactly that one expected line, anything else still fails. */
function allowConsoleError(consoleErrors: string[], status: number) {
  const index = consoleErrors.findIndex((text) => text.includes(`status of ${status}`));
  expect(index, `a logged ${status}`).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(index, 1);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openRegisterTab(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
}

async function registerThroughApi(page: Page) {
  const id = unique();
  const account = {
    name: 'Pat Reset',
    username: `pat${id}`,
    email: `pat-${id}@example.com`,
    password: 'first-pass',
    confirmPassword: 'first-pass',
    role: 'customer',
  };
  const response = await page.request.post('/api/auth/register', { data: account });
  expect(response.status()).toBe(201);
  // Registering signs nobody in: the browser context is still a visitor's.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  return account;
}

test('[VISITOR] sees the sign-in page as the spec describes it', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome to Glossly' })).toBeVisible();
  await expect(page.getByText('Sign in or create an account to continue', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/oidc/start');
  await expect(page.getByText('Or use email', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('By continuing, you agree to our Terms of Service and Privacy Policy', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Register' }).click();
  for (const label of ['Full Name', 'Username', 'Email', 'Password', 'Confirm Password']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('radio', { name: 'Customer - Book detailing services' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Service Provider - Offer detailing services' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('[VISITOR] sees every validation message under its field', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('tabpanel', { name: 'Register' });
  await register.getByLabel('Full Name').fill('A');
  await register.getByLabel('Username').fill('ab');
  await register.getByLabel('Email').fill('not-an-email');
  await register.getByLabel('Password', { exact: true }).fill('123');
  await register.getByLabel('Confirm Password').fill('12');
  await register.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'Name must be at least 2 characters',
    'Username must be at least 3 characters',
    'Please enter a valid email address',
    // A new password follows the policy of decision 010; the login form keeps the spec's 6.
    'Password must be at least 8 characters',
    'Confirm password must be at least 8 characters',
  ]) {
    await expect(register.getByText(message, { exact: true })).toBeVisible();
  }
  await register.getByLabel('Full Name').fill('Alex Valid');
  await register.getByLabel('Username').fill('alexvalid');
  await register.getByLabel('Email').fill('alex@example.com');
  await register.getByLabel('Password', { exact: true }).fill('secret-pass');
  await register.getByLabel('Confirm Password').fill('secret-pass2');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(register.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('[CUSTOMER] registers, confirms the email from a real SMTP message and lands on / signed in', async ({ page }) => {
  const id = unique();
  const email = `morgan-${id}@example.com`;
  await openRegisterTab(page);
  const register = page.getByRole('tabpanel', { name: 'Register' });
  await register.getByLabel('Full Name').fill('Morgan Lee');
  await register.getByLabel('Username').fill(`morgan${id}`);
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password', { exact: true }).fill('secret-pass');
  await register.getByLabel('Confirm Password').fill('secret-pass');
  // Hold the answer a moment so the busy label can be seen.
  await page.route('**/api/auth/register', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Your account has been created', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(register.getByText(email, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect(await accessibilityViolations(page)).toEqual([]);

  await expect.poll(() => mailbox.messages.find((mail) => mail.includes(`To: ${email}`)), { timeout: 10_000 }).toBeTruthy();
  const mail = mailbox.messages.find((m) => m.includes(`To: ${email}`))!;
  const link = /http:\/\/localhost:\d+\/verify-email\?token=[\w-]+/.exec(mail)![0];
  expect(link.startsWith(`http://localhost:${port}/`)).toBe(true);
  await page.goto(link);
  await expect(page.getByText('Email confirmed', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`http://localhost:${port}/`);
  await expect(page.getByRole('heading', { name: 'Welcome back, Morgan!' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Track' })).toBeVisible();

  // A signed-in visitor of /login goes straight home.
  await page.goto('/login');
  await expect(page).toHaveURL(`http://localhost:${port}/`);
});

test('[VISITOR] a used or made-up confirmation link says so and offers a new one', async ({ page, consoleErrors }) => {
  await page.goto('/verify-email?token=made-up-token');
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid or has already been used');
  allowConsoleError(consoleErrors, 400);
  await page.getByLabel('Email').fill('nobody-verify@example.com');
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText('If that account is waiting for confirmation, we have sent a new link.', { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('[CUSTOMER] registering with a taken email answers like any registration and mails the owner', async ({ page }) => {
  await openRegisterTab(page);
  const register = page.getByRole('tabpanel', { name: 'Register' });
  await register.getByLabel('Full Name').fill('Copy Cat');
  await register.getByLabel('Username').fill(`copycat${unique()}`);
  await register.getByLabel('Email').fill('customer@demo.glossly.app');
  await register.getByLabel('Password', { exact: true }).fill('secret-pass');
  await register.getByLabel('Confirm Password').fill('secret-pass');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect
    .poll(
      () => mailbox.messages.find((mail) => mail.includes('To: customer@demo.glossly.app') && mail.includes('Someone tried to create')),
      { timeout: 10_000 },
    )
    .toBeTruthy();
});

test('[CUSTOMER] a wrong password shows the Login failed toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('customer@demo.glossly.app');
  await page.getByLabel('Password').fill('not-the-password');
  await page.route('**/api/auth/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('[CUSTOMER] logs in with email, sees the toast, and signs out from the profile', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('customer@demo.glossly.app');
  await page.getByLabel('Password').fill('glossly-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText("You've been logged in successfully", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`http://localhost:${port}/`);

  await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Alex Rivera' })).toBeVisible();
  await expect(page.getByText('customer@demo.glossly.app', { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  const accountLinks = page.getByRole('navigation', { name: 'Account' });
  await expect(accountLinks.getByRole('link', { name: 'Payment methods' })).toHaveAttribute('href', '/payment-methods');
  await expect(accountLinks.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/notification-settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Glossly' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('demo-user'))).toBeNull();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

for (const { role, tag, label, navItem, landing } of [
  { role: 'customer', tag: 'CUSTOMER', label: 'Continue as Customer', navItem: 'Track', landing: '/' },
  { role: 'detailer', tag: 'DETAILER', label: 'Continue as Detailer', navItem: 'Availability', landing: '/detailer' },
  { role: 'admin', tag: 'ADMIN', label: 'Continue as Admin', navItem: 'Admin', landing: '/admin' },
] as const) {
  test(`[${tag}] signs in with one click on /demo-login, lands at the role's home and the navigation follows the role`, async ({
    page,
  }) => {
    await page.goto('/demo-login');
    await page.getByRole('button', { name: new RegExp(label) }).click();
    await expect(page).toHaveURL(`http://localhost:${port}${landing}`);
    await expect(mainNav(page).getByRole('link', { name: navItem })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Profile' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('demo-user') ?? 'null'));
    expect(stored).toMatchObject({ role });
    if (role !== 'detailer') await expect(mainNav(page).getByRole('link', { name: 'Availability' })).toHaveCount(0);
    if (role !== 'admin') await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });
}

test('[CUSTOMER] resets a forgotten password with the link from a real SMTP email', async ({ page, consoleErrors }) => {
  const account = await registerThroughApi(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for that email, we have sent a link to reset your password.', { exact: true }),
  ).toBeVisible();

  // The account's first email is its confirmation link; this one is the reset link.
  const resetMail = (mail: string) => mail.includes(`To: ${account.email}`) && mail.includes('/reset-password?token=');
  await expect.poll(() => mailbox.messages.find(resetMail), { timeout: 10_000 }).toBeTruthy();
  const mail = mailbox.messages.find(resetMail)!;
  const link = /http:\/\/localhost:\d+\/reset-password\?token=[\w-]+/.exec(mail)![0];
  expect(link.startsWith(`http://localhost:${port}/`)).toBe(true);

  await page.goto(link);
  await page.getByLabel('New Password').fill('second-pass');
  await page.getByLabel('Confirm Password').fill('second-pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. You can now log in with your new password.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('second-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`http://localhost:${port}/`);

  // The link worked once.
  await page.request.post('/api/auth/logout');
  await page.goto(link);
  await page.getByLabel('New Password').fill('third-pass');
  await page.getByLabel('Confirm Password').fill('third-pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has already been used');
  allowConsoleError(consoleErrors, 400);
});

test('[VISITOR] sees why Google sign-in is unavailable, and the failure toast when it fails', async ({ page }) => {
  await page.goto('/login?oidcError=Sign-in%20was%20cancelled.%20Please%20try%20again.');
  await expect(page.getByText('Google sign-in failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Sign-in was cancelled. Please try again.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // A server without Google. This one has it, and a sign-in page it draws carries its answer (decision 029): the
  // answer is replaced, and the sign-in page reached from another page, where the app asks for it.
  await page.route('**/api/auth/providers', (route) =>
    route.fulfill({ json: { google: { enabled: false, reason: 'Google sign-in is not set up on this server.' } } }),
  );
  await page.goto('/forgot-password');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByText('Google sign-in is not set up on this server.', { exact: true })).toBeVisible();
});

test('[CUSTOMER] signs in with Google through a real OpenID provider and is registered as a customer', async ({ page }) => {
  // The provider's built-in login page imports a web font; keep the test offline.
  await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  const login = `gina-${unique()}`;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${oidcPort}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`http://localhost:${port}/`);
  await expect(page.getByText("You've been logged in successfully with Google", { exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ email: `${login}@example.com`, name: 'Gina Google', role: 'customer' });
  expect(me.username).toMatch(/^ginagoogle\d*$/);
});
