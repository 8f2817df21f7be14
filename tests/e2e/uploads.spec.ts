import sharp from 'sharp';
import { accessibilityViolations, expect, signUp, test } from './fixtures.ts';

const carPhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1f4fa8' } })
    .jpeg()
    .toBuffer();

test('[CUSTOMER] uploads a photo on the demo page and sees it stored in three widths', async ({ page }) => {
  await signUp(page.request, 'Uma Upload');
  await page.goto('/image-upload-demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image upload');
  const picker = page.getByLabel('Demo photo', { exact: true });
  await expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  await expect(picker).toHaveAttribute('capture', 'environment');
  expect(await accessibilityViolations(page)).toEqual([]);

  // A wrong type is refused before anything is sent.
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(page.getByRole('alert')).toHaveText('Choose a JPEG, PNG or WebP image');
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  await picker.setInputFiles({ name: 'car.jpg', mimeType: 'image/jpeg', buffer: await carPhoto() });
  const progress = page.getByRole('progressbar', { name: 'Uploading demo photo' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Upload complete')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Preview of demo photo' })).toBeVisible();

  const stored = page.getByRole('img', { name: 'The stored demo photo' });
  await expect(stored).toBeVisible();
  await expect(stored).toHaveAttribute('srcset', /\/api\/uploads\/\d+\?w=320 320w, \/api\/uploads\/\d+\?w=800 800w$/);
  // The image really loaded from the server (an image that failed would have no natural width).
  await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByText('800 x 533 px')).toBeVisible();
  await expect(page.getByText('320 px, 800 px')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/image-upload-demo.png', fullPage: true });

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(stored).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Preview of demo photo' })).toHaveCount(0);
});

test('[VISITOR] is asked to sign in before uploading', async ({ page }) => {
  await page.goto('/image-upload-demo');
  await expect(page.getByRole('heading', { name: 'Sign in to upload' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fimage-upload-demo');
  await expect(page.getByLabel('Demo photo')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});
