import { accessibilityViolations, expect, expectConsoleErrors, test } from './fixtures.ts';

// Decision 041: a screen that throws while drawing is a finished screen inside the shell, not a white page.
// The detailer's answer is cut to an empty object (a broken deploy, a proxy's page): the detailer page throws.

for (const viewport of [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]) {
  test(`[CUSTOMER] a screen that breaks shows what happened, Try again and the way home (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const signedIn = await page.request.post('/api/auth/demo-login', { data: { role: 'customer' } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Nearby Detailers' })).toBeVisible();

    // The render error is the point: React and the boundary report it on the console.
    expectConsoleErrors(page, /./);
    let isBroken = true;
    await page.route('**/api/detailers/1', (route) => (isBroken ? route.fulfill({ status: 200, json: {} }) : route.fallback()));
    await page.evaluate(() => history.pushState(null, '', '/detailers/1'));

    await expect(page.getByRole('heading', { level: 1, name: "This screen didn't load" })).toBeVisible();
    await expect(page.getByText(/Your bookings and payments are safe\./)).toBeVisible();
    // The shell stays: the bottom bar still leads everywhere.
    await expect(page.getByRole('navigation').last()).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/error-screen-${viewport.width}x${viewport.height}.png` });

    // Back to Home leaves it for the customer's home.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Nearby Detailers' })).toBeVisible();

    // Back on the broken screen (its cached answer breaks it again), Try again asks for its data afresh.
    await page.evaluate(() => history.pushState(null, '', '/detailers/1'));
    await expect(page.getByRole('heading', { level: 1, name: "This screen didn't load" })).toBeVisible();
    isBroken = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("This screen didn't load");
  });
}
