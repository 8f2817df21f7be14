import {
  test as base,
  expect,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** A page the server drew, until the app has taken it over (decisions 024, 025, 052: client/public/early-taps.js). */
const drawnFirstScreen = 'html[data-before-live]';

/**
 * Makes `goto` and `reload` return once the app has taken over the first screen the server sent. Until then a tap
 * there is kept and done again once the app is live (decision 052), and a part React draws again is replaced: a test
 * acting at once would read what the app has not yet answered. A page without a drawn screen
 * (or with scripts off, where the screen stays) returns as before.
 */
function actOnTheApp(page: Page) {
  for (const navigation of ['goto', 'reload'] as const) {
    const navigate = page[navigation].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    page[navigation] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      await page.locator(drawnFirstScreen).waitFor({ state: 'detached' });
      return response;
    }) as never;
  }
}

function actOnTheAppIn(context: BrowserContext) {
  context.on('page', actOnTheApp);
  for (const page of context.pages()) actOnTheApp(page);
}

/**
 * Every page fails its test on an unexpected console error or uncaught exception. The notification
 * permission prompt is marked dismissed for the session unless a spec sets showNotificationPrompt.
 */
/** Console errors a test has said it expects from a page (`expectConsoleErrors`): not counted as failures. */
const expectedConsoleErrors = new WeakMap<Page, RegExp[]>();

/**
 * From now on, console errors on `page` that match `pattern` are the test's point, not a failure (the browser logs
 * every 4xx answer it gets). For an answer the app may ask for again later (a live refresh), which a check at the end
 * of the test body could not take back.
 */
export function expectConsoleErrors(page: Page, pattern: RegExp) {
  expectedConsoleErrors.set(page, [...(expectedConsoleErrors.get(page) ?? []), pattern]);
}

export const test = base.extend<{ consoleErrors: string[]; showNotificationPrompt: boolean; notificationPromptSetup: void }>({
  // Every context: the test's own, and those it opens for a second person (a detailer, an admin).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        actOnTheAppIn(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // With scripts off the drawn screen stays: nothing to wait for.
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) context.off('page', actOnTheApp);
    await use(context);
  },
  /** The permission prompt opens by itself for signed-in users; specs that test it opt in with test.use(). */
  showNotificationPrompt: [false, { option: true }],
  notificationPromptSetup: [
    async ({ page, showNotificationPrompt }, use) => {
      if (!showNotificationPrompt) await dismissNotificationPrompt(page.context());
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A 401 is a protected API's answer once a session has ended, not a failure of the page.
        if (message.type() !== 'error' || message.text().includes('401')) return;
        if (expectedConsoleErrors.get(page)?.some((pattern) => pattern.test(message.text()))) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let signUps = 0;

/** The seeded demo accounts (`npm start`'s demo mode), by role. */
export type DemoRole = 'customer' | 'detailer' | 'admin';

/**
 * Signs a request context (a page's, so its browser shares the session) in as the demo account of a role: the one
 * sign-in of the end-to-end specs. Returns who that is.
 */
export async function signInAsDemo(request: import('@playwright/test').APIRequestContext, role: DemoRole) {
  const response = await request.post('/api/auth/demo-login', { data: { role } });
  expect(response.status(), await response.text()).toBe(200);
  return (await (await request.get('/api/auth/user')).json()) as { id: number; email: string; detailerId: number | null };
}

/**
 * A second person's phone beside the test's page: a browser context of its own (`options`: permissions, location,
 * reduced motion), the notification prompt dismissed, signed in as the demo account of `role`. The spec closes
 * `context` in a finally.
 */
export async function openAsDemo(browser: Browser, role: DemoRole, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  try {
    await dismissNotificationPrompt(context);
    const page = await context.newPage();
    await signInAsDemo(page.request, role);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * A new account of its own, registered and signed in on this request context (a page's or an API context's
 * cookies). Registration never signs in (it must not tell whether an email is taken), so the sign-in follows it.
 */
export async function signUp(
  request: import('@playwright/test').APIRequestContext,
  name: string,
  role: 'customer' | 'detailer' = 'customer',
) {
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${(signUps++).toString(36)}`;
  const account = {
    name: `${name} ${id}`,
    username: `${name.toLowerCase().replace(/[^a-z]/g, '')}${id}`,
    email: `${name.toLowerCase().replace(/[^a-z]/g, '-')}-${id}@example.com`,
    password: `e2e-pass-${id}`,
    role,
  };
  const registered = await request.post('/api/auth/register', { data: { ...account, confirmPassword: account.password } });
  expect(registered.status(), await registered.text()).toBe(201);
  const signedIn = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return account;
}

/**
 * Fails the test, with the server's answer, unless an API call through a request context succeeded (2xx); resolves to
 * the answer's JSON body (undefined when it has none), e.g. `(await expectOk<{ id: number }>(created)).id`.
 */
export async function expectOk<Body = unknown>(response: APIResponse): Promise<Body> {
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json().catch(() => undefined)) as Body;
}

/** Marks the permission prompt dismissed for the session, as a user who chose "Not now"; for extra contexts too. */
export async function dismissNotificationPrompt(context: import('@playwright/test').BrowserContext) {
  await context.addInitScript(() => sessionStorage.setItem('notificationPromptDismissed', 'true'));
}

/**
 * WCAG 2.2 AA violations on the current page, once its animations have settled: a toast or dialog caught halfway
 * through fading in is, for that moment, low contrast (axe reads the opacity), which says nothing of the page.
 * Toasts are left out unless asked for: one can start fading out (its timer ran out) while axe reads it, and a
 * spec that checks a toast shows it on purpose with reduced motion (tracking.spec.ts) and passes `toasts: true`.
 */
export async function accessibilityViolations(
  page: import('@playwright/test').Page,
  options: { toasts?: boolean; headingOne?: boolean } = {},
) {
  // A page first shows the screen the server drew, whose taps wait for the app (decision 052): audit the app's own
  // screen.
  await page.locator(drawnFirstScreen).waitFor({ state: 'detached', timeout: 10_000 });
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Label in name (WCAG 2.5.3) is an experimental rule in axe, off unless named: a control's name must hold its
  // visible text (the bell's count). A page's h1 is a best practice, asked for by the route sweeps (`headingOne`).
  // options() replaces every option, so it comes before withTags().
  const builder = new AxeBuilder({ page })
    .options({
      rules: {
        'label-content-name-mismatch': { enabled: true },
        ...(options.headingOne ? { 'page-has-heading-one': { enabled: true } } : {}),
      },
    })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (!options.toasts) builder.exclude('[aria-label="Notifications (F8)"] li');
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Moves the e2e server's clock (tests/e2e/server.ts, POST /__e2e/clock), for moves that open only at a time: On my
 * way opens 2 hours before the start, Start 30 minutes before (decision 015).
 * - a Date: the server's clock reads that instant now, and keeps running from there;
 * - `{ offsetMinutes: n }`: the server's clock runs n minutes from the real time;
 * - `null`: back to the real time.
 * The one server is shared by every spec: put it back with `moveServerClock(request, null)` in a finally or an
 * afterEach. Only the server moves: for the browser to show the same time ('Opens at ...'), move the page too,
 * e.g. `await page.clock.setSystemTime(at)` then reload. Resolves to the server's new time.
 */
export async function moveServerClock(
  request: import('@playwright/test').APIRequestContext,
  to: Date | { offsetMinutes: number } | null,
): Promise<Date> {
  const data = to === null ? { offsetMinutes: 0 } : to instanceof Date ? { at: to.toISOString() } : { offsetMinutes: to.offsetMinutes };
  const response = await request.post('/__e2e/clock', { data });
  expect(response.status(), await response.text()).toBe(200);
  return new Date(((await response.json()) as { now: string }).now);
}

/** Gloss Boss Mobile Detailing, the seed's first detailer, who lists every service. */
export const glossBossId = 1;

/** A date some days ahead (YYYY-MM-DD) in the detailer's zone, on a weekday the seeded hours cover (Mon-Sat). */
export function workdayAhead(timeZone: string, daysAhead: number) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const date = new Date(Date.UTC(part('year'), part('month') - 1, part('day') + daysAhead));
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Gloss Boss's Basic Exterior Wash as the API lists it, and the detailer's time zone: what a booking through the API needs. */
export async function glossBossWash(request: import('@playwright/test').APIRequestContext) {
  const detailer = await (await request.get(`/api/detailers/${glossBossId}`)).json();
  const serviceId = detailer.offeredServices.find((s: { name: string }) => s.name === 'Basic Exterior Wash').id as number;
  return { serviceId, timeZone: detailer.timeZone as string };
}

/** A booking as POST /api/bookings answers it: what the specs read of it. */
export type BookedWash = { id: number; startsAt: string; status: string; date: string; serviceId: number; detailerBusinessName: string };

/**
 * Books Gloss Boss's Basic Exterior Wash at 500 Howard St (ZIP 94105) through the API as `request`'s user, on a
 * workday `daysAhead` at `time`: the booking waits for payment, holding its slot.
 */
export async function bookWash(
  request: import('@playwright/test').APIRequestContext,
  daysAhead: number,
  time: string,
  extra: { vehicleType?: string; notes?: string } = {},
): Promise<BookedWash> {
  const { serviceId, timeZone } = await glossBossWash(request);
  const created = await request.post('/api/bookings', {
    data: {
      detailerId: glossBossId,
      serviceId,
      vehicleType: extra.vehicleType ?? 'Sedan',
      ...(extra.notes === undefined ? {} : { notes: extra.notes }),
      date: workdayAhead(timeZone, daysAhead),
      time,
      address: '500 Howard St',
      city: 'San Francisco',
      zip: '94105',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as BookedWash;
  expect(booking.status).toBe('pending_payment');
  return booking;
}

/** bookWash, then paid with the test card through the API: the booking is then `requested`. */
export async function bookAndPay(
  request: import('@playwright/test').APIRequestContext,
  daysAhead: number,
  time: string,
  extra: { vehicleType?: string; notes?: string } = {},
) {
  const booking = await bookWash(request, daysAhead, time, extra);
  const intent = await request.post('/api/create-payment-intent', { data: { bookingId: booking.id, appliedCredits: 0 } });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', zip: '94105' };
  const paid = await request.post('/api/payments/test-gateway/confirm', {
    data: { clientSecret: (await intent.json()).clientSecret, card },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  return booking;
}

/** The calendar's name for a YYYY-MM-DD day ('Tuesday, December 1'), and whether it lies in a later month than today. */
function calendarDay(iso: string, timeZone: string) {
  const date = new Date(`${iso}T00:00:00Z`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date());
  return {
    label: date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }),
    isLaterMonth: iso.slice(0, 7) > today.slice(0, 7),
  };
}

/**
 * The booking flow's step 2 as a customer fills it: where the car is (in San Francisco), then the day (YYYY-MM-DD in
 * the detailer's zone) and the time. The spec continues from the chosen time.
 */
export async function scheduleStep(page: Page, visit: { address: string; zip?: string; day: string; timeZone: string; time: string }) {
  const day = calendarDay(visit.day, visit.timeZone);
  await expect(page.getByRole('heading', { name: 'Select Date & Time' })).toBeVisible();
  // Where the car is comes first: the times are the ones the detailer can reach it at.
  await page.getByLabel('Address').fill(visit.address);
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('Zip').fill(visit.zip ?? '94105');
  if (day.isLaterMonth) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: day.label, exact: true }).click();
  await page.getByRole('radio', { name: visit.time }).click();
}

/** The test gateway's card that pays (Visa 4242, 12/34), typed into the card form on `scope` (the page or a dialog). */
export async function fillTestCard(scope: Page | Locator) {
  await scope.getByLabel('Card number').fill('4242 4242 4242 4242');
  await scope.getByLabel('Expiry').fill('12 / 34');
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('ZIP').fill('94105');
}

/** A small JPEG made on the spot (a plain blue frame), for photo uploads through the API or a file input. */
export async function smallJpeg(background = '#1f4fa8') {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/**
 * What Complete needs (decision 020), through the API as `request`'s user, the booking's detailer, once the job is
 * in progress: uploads a small JPEG, attaches it as an 'after' photo and ticks every checklist item.
 */
export async function addProofOfService(request: import('@playwright/test').APIRequestContext, bookingId: number) {
  const uploaded = await request.post('/api/uploads', {
    multipart: { file: { name: 'after.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg() } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { id: uploadId } = (await uploaded.json()) as { id: number };
  const attached = await request.post(`/api/bookings/${bookingId}/photos`, { data: { uploadId, phase: 'after' } });
  expect(attached.status(), await attached.text()).toBe(201);
  const { checklist } = (await attached.json()) as { checklist: { id: number; checked: boolean }[] };
  for (const item of checklist.filter((entry) => !entry.checked)) {
    const ticked = await request.patch(`/api/bookings/${bookingId}/checklist/${item.id}`, { data: { checked: true } });
    expect(ticked.status(), await ticked.text()).toBe(200);
  }
}

/**
 * A paid booking's job, done through the API as `detailer` (signed in as the booking's detailer) at the job's time:
 * accept, the server's clock moved to 20 minutes before the start (On my way and Start open then, decision 015),
 * On my way, Start, the proof Complete needs, Complete. The clock stays moved: specs put it back in afterEach.
 */
export async function completeJob(detailer: import('@playwright/test').APIRequestContext, booking: { id: number; startsAt: string }) {
  const move = async (action: string) => {
    const response = await detailer.post(`/api/bookings/${booking.id}/${action}`);
    expect(response.status(), `${action}: ${await response.text()}`).toBe(200);
  };
  await move('accept');
  await moveServerClock(detailer, new Date(Date.parse(booking.startsAt) - 20 * 60_000));
  await move('start-route');
  await move('start');
  await addProofOfService(detailer, booking.id);
  await move('complete');
}
