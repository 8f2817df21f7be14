import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  accessibilityViolations,
  addProofOfService,
  bookAndPay,
  dismissNotificationPrompt,
  expect,
  expectOk,
  glossBossId,
  moveServerClock,
  openAsDemo,
  signInAsDemo,
  signUp,
  smallJpeg,
  test,
} from './fixtures.ts';

/** Where this spec's screenshots go, for a person to look at. */
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/trust';
mkdirSync(shots, { recursive: true });

/** The page at a phone's 390 x 844 and at the narrowest 320 px, full length. */
async function shootBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 700 });
  await page.screenshot({ path: `${shots}/${name}-320.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

test.afterEach(async ({ request }) => {
  // The server's clock is shared by every spec: back to the real time whatever happened.
  await moveServerClock(request, null);
});

test('[CUSTOMER + DETAILER + VISITOR] the customer says yes after the review, the detailer publishes with a blur, a visitor sees the verified job', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUp(page.request, 'Portfolio Customer');
  const booking = await bookAndPay(page.request, 23, '10:00 AM');

  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer', { reducedMotion: 'reduce' });
  const visitorContext = await browser.newContext({ reducedMotion: 'reduce' });
  await dismissNotificationPrompt(visitorContext);
  const visitor = await visitorContext.newPage();
  try {
    // The job, done through the API: a before photo, the after photo and the checklist, then Complete.
    await expectOk(await detailer.request.post(`/api/bookings/${booking.id}/accept`));
    await moveServerClock(detailer.request, new Date(Date.parse(booking.startsAt) - 20 * 60_000));
    await expectOk(await detailer.request.post(`/api/bookings/${booking.id}/start-route`));
    await expectOk(await detailer.request.post(`/api/bookings/${booking.id}/start`));
    const before = await expectOk<{ id: number }>(
      await detailer.request.post('/api/uploads', {
        multipart: { file: { name: 'before.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg('#7a5c3a') } },
      }),
    );
    await expectOk(await detailer.request.post(`/api/bookings/${booking.id}/photos`, { data: { uploadId: before.id, phase: 'before' } }));
    await addProofOfService(detailer.request, booking.id);
    await expectOk(await detailer.request.post(`/api/bookings/${booking.id}/complete`));

    // The customer reviews on the booking's page, then is asked once about the photos, in their words.
    await page.goto(`/bookings/${booking.id}`);
    const question = page.getByRole('heading', {
      name: 'May Gloss Boss Mobile Detailing show the before and after photos of this job on their profile?',
    });
    await expect(question).toHaveCount(0);
    await page.getByRole('radiogroup', { name: 'Your rating' }).getByRole('radio', { name: '5 stars' }).click();
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect(question).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(
      page.getByText('Gloss Boss Mobile Detailing may show the before and after photos of this job on their profile.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change answer' })).toBeVisible();

    // The detailer picks the pair and drags over the after photo's left half to blur it.
    await detailer.goto('/detailer/portfolio');
    const job = detailer.getByRole('group', { name: /^Basic Exterior Wash · / }).first();
    await expect(job).toBeVisible();
    const afterPhoto = job.getByRole('img', { name: 'After photo', exact: true });
    await afterPhoto.scrollIntoViewIfNeeded();
    const box = (await afterPhoto.boundingBox())!;
    await detailer.mouse.move(box.x + 4, box.y + 4);
    await detailer.mouse.down();
    await detailer.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await detailer.mouse.up();
    await expect(job.getByRole('img', { name: 'After photo, with an area to blur' })).toBeVisible();
    expect(await accessibilityViolations(detailer)).toEqual([]);
    await shootBoth(detailer, 'detailer-publish');
    await job.getByRole('button', { name: 'Publish on my page' }).click();
    await expect(detailer.getByRole('button', { name: 'Remove from my page' }).first()).toBeVisible();

    // A visitor (signed out) sees the pair marked 'Verified job' with its service and month.
    await visitor.goto(`/detailers/${glossBossId}`);
    const portfolio = visitor.getByRole('region', { name: 'Before and after' });
    await expect(portfolio.getByText('Verified job').first()).toBeVisible();
    await expect(portfolio.getByText(/^Basic Exterior Wash · [A-Z][a-z]+ \d{4}$/).first()).toBeVisible();
    const shownAfter = portfolio.getByRole('img', { name: 'After' }).first();
    await expect.poll(() => shownAfter.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Never the job's original: the shown file is the server's copy, and the original is not public.
    const src = (await shownAfter.getAttribute('src'))!;
    const proof = await (await page.request.get(`/api/bookings/${booking.id}/proof`)).json();
    const originals = (proof.photos as { url: string }[]).map((photo) => photo.url);
    expect(originals).not.toContain(src.split('?')[0]);
    for (const url of originals) expect((await visitor.request.get(url)).status()).toBe(404);
    await expect(visitor.getByText(/jobs? completed on Glossly$/)).toBeVisible();
    await expect(visitor.getByText(/^Member since /)).toBeVisible();
    expect(await accessibilityViolations(visitor)).toEqual([]);

    // The customer changes their mind: the pair leaves the page at once.
    await page.getByRole('button', { name: 'Change answer' }).click();
    await page.getByRole('button', { name: 'No', exact: true }).click();
    await expect(page.getByText("Gloss Boss Mobile Detailing won't show the photos of this job.")).toBeVisible();
    expect((await visitor.request.get(src.split('?')[0]!)).status()).toBe(404);
    // Then yes again, and the detailer publishes again, for the pictures of the page.
    await page.getByRole('button', { name: 'Change answer' }).click();
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(
      page.getByText('Gloss Boss Mobile Detailing may show the before and after photos of this job on their profile.'),
    ).toBeVisible();
    await detailer.goto('/detailer/portfolio');
    await detailer
      .getByRole('group', { name: /^Basic Exterior Wash · / })
      .first()
      .getByRole('button', { name: 'Publish on my page' })
      .click();
    await expect(detailer.getByRole('button', { name: 'Remove from my page' }).first()).toBeVisible();
    await visitor.goto(`/detailers/${glossBossId}`);
    await expect(visitor.getByRole('region', { name: 'Before and after' }).getByText('Verified job').first()).toBeVisible();
  } finally {
    await moveServerClock(detailer.request, null);
    await detailerContext.close();
    await visitorContext.close();
  }
});

test('[DETAILER + ADMIN + VISITOR] the detailer sends an insurance certificate, an admin grants it, the visitor sees Insured', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page.request, 'detailer');
  await page.goto('/detailer/documents');
  await expect(page.getByRole('heading', { name: 'Badges', level: 1 })).toBeVisible();
  await page
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'insurance.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg('#dddddd') });
  await page.getByLabel('Expiry date').fill('2099-12-31');
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Waiting for review').first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const { context: adminContext, page: admin } = await openAsDemo(browser, 'admin', { reducedMotion: 'reduce' });
  try {
    await admin.goto('/admin/documents');
    await expect(admin.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Documents' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const card = admin.getByRole('group', { name: 'Gloss Boss Mobile Detailing: Insurance certificate' }).last();
    const file = card.getByRole('img', { name: 'Insurance certificate of Gloss Boss Mobile Detailing' });
    await expect.poll(() => file.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await shootBoth(admin, 'admin-documents');
    await card.getByRole('button', { name: 'Grant badge' }).click();
    await expect(admin.getByText('Insured badge granted', { exact: true })).toBeVisible();
  } finally {
    await adminContext.close();
  }

  const visitorContext = await browser.newContext({ reducedMotion: 'reduce' });
  await dismissNotificationPrompt(visitorContext);
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(`/detailers/${glossBossId}`);
    await expect(visitor.getByRole('list', { name: 'Verified by Glossly' }).getByText('Insured')).toBeVisible();
    await expect(visitor.getByText('· until Dec 31, 2099').first()).toBeVisible();
    await shootBoth(visitor, 'detailer-page');
  } finally {
    await visitorContext.close();
  }
});
