import {
  accessibilityViolations,
  bookAndPay,
  completeJob,
  dismissNotificationPrompt,
  expect,
  moveServerClock,
  signUp,
  test,
} from './fixtures.ts';

test("[CUSTOMER] a tip right after paying by card takes one tap: the booking's card, no card number typed again", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUp(page.request, 'One Tap Tipper');
  const booking = await bookAndPay(page.request, 18, '2:00 PM');
  const staff = await browser.newContext();
  await dismissNotificationPrompt(staff);
  const detailer = (await staff.newPage()).request;
  try {
    const signedIn = await detailer.post('/api/auth/login', { data: { email: 'detailer@demo.glossly.app', password: 'glossly-demo' } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    await completeJob(detailer, booking);

    await page.goto(`/bookings/${booking.id}`);
    await expect(page.getByRole('heading', { name: 'Add a tip' })).toBeVisible();
    // 20 % is chosen already: one tap pays it with the card the booking was paid with.
    const oneTap = page.getByRole('button', { name: 'Tip $11.80 with Visa •••• 4242' });
    await expect(oneTap).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/tip-one-tap.png`, fullPage: true });
    await oneTap.click();
    await expect(page.getByText('Thanks! You tipped $11.80.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
    const tip = await (await page.request.get(`/api/bookings/${booking.id}/tip`)).json();
    expect(tip).toMatchObject({ tip: { amountCents: 1180, status: 'succeeded' }, canTip: false });
  } finally {
    await moveServerClock(detailer, null);
    await staff.close();
  }
});
