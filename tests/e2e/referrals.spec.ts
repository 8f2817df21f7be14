import type { Page } from '@playwright/test';
import {
  accessibilityViolations,
  bookAndPay,
  completeJob,
  dismissNotificationPrompt,
  expect,
  expectOk,
  moveServerClock,
  signUp,
  test,
} from './fixtures.ts';

const shots = process.env.E2E_SHOTS_DIR;

/** This browser has no share sheet (a desktop): Share link copies to the clipboard instead. */
async function withoutShareSheet(page: Page) {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
}

test.afterEach(async ({ request }) => {
  await moveServerClock(request, null);
});

test('[CUSTOMER] the demo customer has a code and a share link on My Referrals', async ({ page }) => {
  await expectOk(await page.request.post('/api/auth/login', { data: { email: 'customer@demo.glossly.app', password: 'glossly-demo' } }));
  await page.goto('/referrals');
  await expect(page.getByTestId('header-title')).toHaveText('My Referrals');
  const code = (await page.getByTestId('referral-code').textContent())!;
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expect(page.getByLabel('Your share link')).toHaveValue(new RegExp(`/login\\?ref=${code}$`));
  // Reached from the profile's account menu too.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'My Referrals' }).click();
  await expect(page).toHaveURL(/\/referrals$/);
  expect(await accessibilityViolations(page)).toEqual([]);
});

// The referrer is a new customer, not the demo one: the reward would put credits on the demo customer's checkout
// switch for every spec after this one (they share one server).
test('[CUSTOMER + FRIEND + DETAILER] a friend registers through the share link, books and is served: both get their credits', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await withoutShareSheet(page);
  await signUp(page.request, 'Rae Referrer');
  await page.goto('/referrals');
  await expect(page.getByRole('heading', { name: 'Invite friends, earn credits' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No friends invited yet' })).toBeVisible();
  await expect(page.getByText('They sign up with it and get $10.00 off their first booking.')).toBeVisible();
  const code = (await page.getByTestId('referral-code').textContent())!;
  const link = await page.getByLabel('Your share link').inputValue();
  expect(new URL(link).search).toBe(`?ref=${code}`);
  await page.getByRole('button', { name: 'Share link' }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await accessibilityViolations(page, { toasts: true })).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/referrals-empty.png`, fullPage: true });

  // The friend, in a browser of their own, opens the link: Register, with the code filled in.
  const friendContext = await browser.newContext({ reducedMotion: 'reduce' });
  await dismissNotificationPrompt(friendContext);
  const friend = await friendContext.newPage();
  const staff = await browser.newContext({ reducedMotion: 'reduce' });
  const detailer = (await staff.newPage()).request;
  try {
    const id = `${Date.now().toString(36)}${process.pid.toString(36)}`;
    const email = `fran-friend-${id}@example.com`;
    await friend.goto(new URL(link).pathname + new URL(link).search);
    const register = friend.getByRole('tabpanel', { name: 'Register' });
    await expect(register.getByLabel('Referral code')).toHaveValue(code);
    expect(await accessibilityViolations(friend)).toEqual([]);
    if (shots) await friend.screenshot({ path: `${shots}/register-with-code.png`, fullPage: true });
    await register.getByLabel('Full Name').fill('Fran Friend');
    await register.getByLabel('Username').fill(`fran${id}`);
    await register.getByLabel('Email').fill(email);
    await register.getByLabel('Password', { exact: true }).fill('secret-pass');
    await register.getByLabel('Confirm Password').fill('secret-pass');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(friend.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    // Signed in, the welcome credit is on the friend's account before the first booking.
    await expectOk(await friend.request.post('/api/auth/login', { data: { email, password: 'secret-pass' } }));
    await friend.goto('/profile');
    await expect(friend.getByText('Referral credits').locator('..').getByText('$10.00')).toBeVisible();
    const booking = await bookAndPay(friend.request, 17, '10:00 AM');
    await page.reload();
    await expect(page.getByRole('list', { name: 'Invited friends' }).getByRole('listitem')).toHaveText(/Fran F\.\s*Since .*Booked/);

    await expectOk(await detailer.post('/api/auth/login', { data: { email: 'detailer@demo.glossly.app', password: 'glossly-demo' } }));
    await completeJob(detailer, booking);

    // The referrer: the friend completed, the reward earned and spendable.
    await page.reload();
    const row = page.getByRole('list', { name: 'Invited friends' }).getByRole('listitem');
    await expect(row).toHaveText(/Fran F\.\s*Since .*Completed/);
    await expect(page.getByText('Credits earned').locator('..')).toHaveText(/\$10\.00/);
    await expect(page.getByText('Available to spend').locator('..')).toHaveText(/\$10\.00/);
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) {
      await page.screenshot({ path: `${shots}/referrals-completed.png`, fullPage: true });
      await page
        .getByRole('heading', { name: 'Invited friends' })
        .locator('../..')
        .screenshot({ path: `${shots}/referrals-friends.png` });
    }

    // The friend still has the welcome credit for the next checkout (this booking was paid by card alone).
    await friend.reload();
    await expect(friend.getByText('Referral credits').locator('..').getByText('$10.00')).toBeVisible();
  } finally {
    await moveServerClock(page.request, null);
    await friendContext.close();
    await staff.close();
  }
});

test('[VISITOR] My Referrals asks a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/referrals');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
});
