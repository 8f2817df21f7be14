import {
  accessibilityViolations,
  bookAndPay,
  completeJob,
  dismissNotificationPrompt,
  expect,
  expectOk,
  moveServerClock,
  signUp,
  smallJpeg,
  test,
} from './fixtures.ts';

const shots = process.env.E2E_SHOTS_DIR;

test('[CUSTOMER + ADMIN] after the job the customer opens the receipt, tips 20 %, reports a problem, and an admin refunds part of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page.request, 'After Job Customer');
  const booking = await bookAndPay(page.request, 15, '1:00 PM');
  const receiptNumber = `GL-${String(booking.id).padStart(6, '0')}`;

  const staff = await browser.newContext({ reducedMotion: 'reduce' });
  await dismissNotificationPrompt(staff);
  const detailerRequest = (await staff.newPage()).request;
  try {
    await expectOk(
      await detailerRequest.post('/api/auth/login', { data: { email: 'detailer@demo.glossly.app', password: 'glossly-demo' } }),
    );
    await completeJob(detailerRequest, booking);
    await expectOk(await detailerRequest.post('/api/auth/logout'));

    // The receipt, from the booking's page: the charge, the card, printable.
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('link', { name: 'View receipt' }).click();
    await expect(page.getByRole('heading', { name: `Receipt ${receiptNumber}` })).toBeVisible();
    await expect(page.getByTestId('header-title')).toHaveText('Receipt');
    const amounts = page.getByRole('definition').filter({ hasText: '$' });
    await expect(page.getByText('Charged to card')).toBeVisible();
    await expect(amounts.filter({ hasText: '$78.72' })).toHaveCount(2);
    await expect(page.getByText('Visa •••• 4242')).toBeVisible();
    await expect(page.getByText('500 Howard St, San Francisco 94105')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/receipt.png`, fullPage: true });
    // Printed: no app shell, no buttons, the receipt alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('header-title')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('heading', { name: `Receipt ${receiptNumber}` })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/receipt-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // A 20 % tip ($11.80 of the $59.00 wash), paid with the same card form as checkout.
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
    await expect(page.getByRole('heading', { name: 'Add a tip' })).toBeVisible();
    await page.getByRole('radio', { name: /20 %/ }).click();
    if (shots) await page.screenshot({ path: `${shots}/tip-choose.png`, fullPage: true });
    // The booking's card would tip in one tap (tip-one-tap.spec.ts); this customer types another.
    await page.getByRole('button', { name: 'Use another card' }).click();
    const cardForm = page.getByRole('form', { name: 'Card details' });
    await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
    await cardForm.getByLabel('Expiry').fill('12 / 34');
    await cardForm.getByLabel('CVC').fill('123');
    await cardForm.getByLabel('ZIP').fill('94105');
    if (shots) await page.screenshot({ path: `${shots}/tip-card.png`, fullPage: true });
    await cardForm.getByRole('button', { name: 'Tip $11.80' }).click();
    await expect(page.getByText('Thanks! You tipped $11.80.')).toBeVisible();

    // 'Report a problem' with a photo.
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByLabel('What went wrong?').fill('The rear wheels were not cleaned and there are streaks on the hood.');
    await dialog
      .getByLabel('Add a photo (0/6)')
      .setInputFiles({ name: 'wheels.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg('#6b7280') });
    await expect(dialog.getByRole('list', { name: 'Photos added' }).getByRole('listitem')).toHaveCount(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/report-dialog.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Problem reported' })).toBeVisible();
    await expect(page.getByText('Under review')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/booking-after-job.png`, fullPage: true });

    // An admin resolves it from /admin/bookings with a partial refund.
    const admin = await staff.newPage();
    await expectOk(await admin.request.post('/api/auth/login', { data: { email: 'admin@demo.glossly.app', password: 'glossly-demo' } }));
    await admin.goto('/admin/bookings');
    const claims = admin.getByRole('list', { name: 'Open claims' });
    const claim = claims.getByRole('listitem').filter({ hasText: `#${booking.id} ·` });
    await expect(claim).toContainText('The rear wheels were not cleaned');
    await expect(claim.getByRole('link', { name: /^Open photo 1 of claim/ }).locator('img')).toHaveCount(1);
    if (shots) await admin.screenshot({ path: `${shots}/admin-claims.png`, fullPage: true });
    await claim.getByRole('button', { name: /^Resolve claim/ }).click();
    const resolve = admin.getByRole('dialog');
    await expect(resolve.getByLabel('Refund (USD)')).toHaveValue('78.72');
    await resolve.getByLabel('Refund (USD)').fill('100');
    await resolve.getByLabel('Note to the customer').fill('Sorry about the wheels: part of the wash is on us.');
    await resolve.getByRole('button', { name: 'Resolve claim' }).click();
    await expect(resolve.getByRole('alert')).toHaveText('At most $78.72 can be refunded.');
    await resolve.getByLabel('Refund (USD)').fill('20');
    expect(await accessibilityViolations(admin)).toEqual([]);
    if (shots) await admin.screenshot({ path: `${shots}/admin-resolve.png`, fullPage: true });
    await resolve.getByRole('button', { name: 'Resolve claim' }).click();
    await expect(admin.getByText('Claim resolved', { exact: true })).toBeVisible();
    await expect(claim).toHaveCount(0);

    // The customer sees the outcome live, and the receipt counts the tip and the refund.
    await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(page.getByText(/\$20\.00 was refunded to your card\./)).toBeVisible();
    await page.getByRole('link', { name: 'View receipt' }).click();
    await expect(page.getByText('Tip', { exact: true })).toBeVisible();
    await expect(amounts.filter({ hasText: '−$20.00' })).toHaveCount(1);
    await expect(amounts.last()).toHaveText('$70.52');
  } finally {
    await moveServerClock(page.request, null);
    await staff.close();
  }
});
