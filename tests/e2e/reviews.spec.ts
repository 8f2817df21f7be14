import {
  accessibilityViolations,
  bookAndPay,
  completeJob,
  expect,
  expectOk,
  glossBossId,
  moveServerClock,
  openAsDemo,
  signUp,
  test,
} from './fixtures.ts';

const shots = process.env.E2E_SHOTS_DIR;

test('[CUSTOMER + DETAILER] after a job with proof the customer tips 20 % and rates 5 stars, the detailer rates back, and the detailer page shows the review', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page.request, 'Review Customer');
  const booking = await bookAndPay(page.request, 12, '3:00 PM');
  const text = `Spotless wheels and no streaks ${booking.id}`;

  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer', { reducedMotion: 'reduce' });
  try {
    await completeJob(detailer.request, booking);

    // The customer sees the proof on the booking's page and tips 20 % ($11.80 of the $59.00 wash) with the booking's card.
    await page.goto(`/bookings/${booking.id}`);
    await expect(page.getByRole('img', { name: 'After photo 1 of Basic Exterior Wash' })).toBeVisible();
    await page.getByRole('radio', { name: /20 %/ }).click();
    await page.getByRole('button', { name: 'Tip $11.80 with Visa •••• 4242' }).click();
    await expect(page.getByText('Thanks! You tipped $11.80.')).toBeVisible();

    // Then rates from the same page: five stars by the radio group, a few words, blind until both have.
    await expect(page.getByRole('heading', { name: 'Rate your detailer' })).toBeVisible();
    const stars = page.getByRole('radiogroup', { name: 'Your rating' });
    await stars.getByRole('radio', { name: '5 stars' }).click();
    await expect(stars.getByRole('radio', { name: '5 stars' })).toHaveAttribute('aria-checked', 'true');
    await page.getByLabel('Your review (optional)').fill(text);
    if (shots) await page.screenshot({ path: `${shots}/booking-rate-form.png`, fullPage: true });
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByRole('article', { name: /^Review by / })).toContainText(text);
    await expect(page.getByText(/^Waiting for the other side: reviews appear when both have reviewed or on /)).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/booking-waiting.png`, fullPage: true });

    // Blind: the public page does not show it yet.
    await page.goto(`/detailers/${glossBossId}`);
    await expect(page.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);

    // The detailer rates the customer from the reminder's link (/reviews/booking-<id>), by keyboard.
    await detailer.goto(`/reviews/booking-${booking.id}`);
    await expect(detailer.getByRole('heading', { name: 'Rate your customer' })).toBeVisible();
    await detailer.getByRole('radio', { name: '1 star' }).focus();
    // Held as long as a person holds a key: Radix moves focus on a timer and chooses while the key is down.
    for (let i = 0; i < 3; i++) await detailer.keyboard.press('ArrowRight', { delay: 50 });
    await expect(detailer.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
    await detailer.getByLabel('Your review (optional)').fill('Ready on time, easy parking.');
    await detailer.getByRole('button', { name: 'Submit review' }).click();
    // Both published: the detailer now reads the customer's review.
    await expect(detailer.getByText(text)).toBeVisible();
    expect(await accessibilityViolations(detailer)).toEqual([]);

    // The detailer's public page lists it, newest first, with its stars and the job's photo.
    await page.goto(`/detailers/${glossBossId}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    const card = reviews.getByRole('article').first();
    await expect(card).toContainText(text);
    await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(card.getByRole('img', { name: /^After photo 1 of 1/ })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/detailer-page-reviews.png`, fullPage: true });

    // The customer's booking shows the detailer's review of them.
    await page.goto(`/bookings/${booking.id}`);
    await expect(page.getByText('Ready on time, easy parking.')).toBeVisible();

    // The detailer replies once from the review's page; axe is clean there.
    const { theirs } = await (await detailer.request.get(`/api/bookings/${booking.id}/reviews`)).json();
    await detailer.goto(`/reviews/${theirs.id}`);
    await expect(detailer.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    expect(await accessibilityViolations(detailer)).toEqual([]);
    await detailer.getByLabel('Your public reply').fill('Thank you, see you next month!');
    await detailer.getByRole('button', { name: 'Post reply' }).click();
    await expect(detailer.getByText('Reply from Gloss Boss Mobile Detailing')).toBeVisible();
    await expect(detailer.getByLabel('Your public reply')).toHaveCount(0);
    if (shots) await detailer.screenshot({ path: `${shots}/review-page-detailer.png`, fullPage: true });

    // The customer's own review page: stars, text, service, reply; axe clean.
    await page.goto(`/reviews/${theirs.id}`);
    await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible();
    await expect(page.getByText('Thank you, see you next month!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit review' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/review-page-customer.png`, fullPage: true });
  } finally {
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});

test('[ADMIN] hides a review with a reason, out of the detailer page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUp(page.request, 'Hidden Reviewer');
  const booking = await bookAndPay(page.request, 13, '3:00 PM');
  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer');
  try {
    await completeJob(detailer.request, booking);
    const mine = await expectOk<{ id: number }>(
      await page.request.post(`/api/bookings/${booking.id}/reviews`, { data: { rating: 1, body: `Breaks the rules ${booking.id}` } }),
    );
    await expectOk(await detailer.request.post(`/api/bookings/${booking.id}/reviews`, { data: { rating: 5 } }));

    const { context: adminContext, page: admin } = await openAsDemo(browser, 'admin');
    await admin.goto(`/reviews/${mine.id}`);
    await admin.getByRole('button', { name: 'Hide review' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Hide this review?' });
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect(dialog.getByText('Reason must be at least 3 characters')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Personal details of the detailer');
    expect(await accessibilityViolations(admin)).toEqual([]);
    if (shots) await admin.screenshot({ path: `${shots}/admin-hide-dialog.png` });
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect(admin.getByText('Hidden by Glossly: Personal details of the detailer.', { exact: false })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Show review again' })).toBeVisible();
    await adminContext.close();

    await page.goto(`/detailers/${glossBossId}`);
    await expect(page.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
    await expect(page.getByText(`Breaks the rules ${booking.id}`)).toHaveCount(0);
  } finally {
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
  }
});
