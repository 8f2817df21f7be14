import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { accessibilityViolations, bookAndPay, dismissNotificationPrompt, expect, openAsDemo, signUp, test } from './fixtures.ts';

// Issue 41, calendars that stay in sync (decision 044), and issue 37's calendar links: the customer's booking page
// gives the booking's .ics, the detailer's availability page gives the private feed that lists the job.

const shots = process.env.E2E_SHOTS_DIR;

/** The events of a calendar file, read by a maintained iCalendar parser as a calendar app would. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      isAllDay: event.startDate.isDate,
    };
  });
}

test("[CUSTOMER + DETAILER] the booking page's 'Add to calendar' gives the booking at its time, and the detailer's feed lists the job", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000); // two browsers on a shared machine
  await signUp(page.request, 'Calendar Customer');
  const booking = await bookAndPay(page.request, 80, '9:00 AM');

  const { context: detailerContext, page: detailer } = await openAsDemo(browser, 'detailer', {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const accepted = await detailer.request.post(`/api/bookings/${booking.id}/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The customer's booking page: 'Add to calendar' downloads the booking's file, at the booking's time.
    await page.goto(`/bookings/${booking.id}`);
    const addToCalendar = page.getByRole('link', { name: 'Add to calendar' });
    await expect(addToCalendar).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/calendar-booking-390.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), addToCalendar.click()]);
    expect(download.suggestedFilename()).toBe(`glossly-booking-${booking.id}.ics`);
    const file = await readFile((await download.path())!, 'utf8');
    const [event] = eventsOf(file);
    expect(event).toMatchObject({
      start: new Date(booking.startsAt).toISOString(),
      location: '500 Howard St, San Francisco 94105',
      isAllDay: false,
    });
    expect(event!.summary).toBe('Basic Exterior Wash with Gloss Boss Mobile Detailing');
    // Written in UTC, it is the booked 9:00 AM in the detailer's zone.
    expect(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' }).format(
        new Date(event!.start),
      ),
    ).toBe('9:00 AM');
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(addToCalendar).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    if (shots) await page.screenshot({ path: `${shots}/calendar-booking-320.png`, fullPage: true });

    // The detailer's availability page: a private feed address, copied, that lists the job.
    await detailer.goto('/detailer/availability');
    const section = detailer.getByRole('region', { name: 'Your calendar' });
    await section.getByRole('button', { name: /^(Get my calendar link|Make a new link)$/ }).click();
    const address = section.getByRole('textbox', { name: 'Calendar address' });
    await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const url = await address.inputValue();
    await expect(section.getByRole('link', { name: 'Subscribe in my calendar' })).toHaveAttribute(
      'href',
      url.replace(/^https?:/, 'webcal:'),
    );
    await section.getByRole('button', { name: 'Copy address' }).click();
    await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await detailer.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await accessibilityViolations(detailer)).toEqual([]);
    if (shots) await section.screenshot({ path: `${shots}/calendar-feed-390.png` });

    // A calendar app fetches the copied address, with no session of anyone's.
    const fetched = await request.get(url);
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const job = eventsOf(await fetched.text()).find((entry) => entry.uid === event!.uid);
    expect(job).toMatchObject({ start: new Date(booking.startsAt).toISOString(), location: '500 Howard St, San Francisco 94105' });
    expect(job!.summary).toMatch(/^Basic Exterior Wash for Calendar Customer /);

    await detailer.setViewportSize({ width: 320, height: 640 });
    await expect(address).toBeVisible();
    expect(await detailer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    if (shots) await section.screenshot({ path: `${shots}/calendar-feed-320.png` });

    // Back later: the address is not shown again (only its hash is kept), but the page says the calendar app reads it.
    await detailer.reload();
    await expect(section.getByText(/Your calendar app last checked it/)).toBeVisible();
    await expect(section.getByRole('textbox', { name: 'Calendar address' })).toHaveCount(0);
    expect(await accessibilityViolations(detailer)).toEqual([]);
    if (shots) await section.screenshot({ path: `${shots}/calendar-feed-set-320.png` });

    // The confirmation screen offers the same file.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/booking/confirmed/${booking.id}`);
    await expect(page.getByRole('region', { name: 'Booking Confirmed!' }).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/bookings/${booking.id}/calendar.ics`,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/calendar-confirmed-390.png`, fullPage: true });
  } finally {
    await detailerContext.close();
  }
});

test("[CUSTOMER] an email's 'Add to calendar' link opened in a browser that is not signed in leads through sign-in to the booking's button", async ({
  page,
  browser,
}) => {
  const customer = await signUp(page.request, 'Emailed Customer');
  const booking = await bookAndPay(page.request, 81, '10:00 AM');
  const emailed = await browser.newContext();
  await dismissNotificationPrompt(emailed);
  const fresh = await emailed.newPage();
  try {
    // The link the booking's emails carry (notificationCalendarLink), opened as a first page.
    await fresh.goto(`/api/bookings/${booking.id}/calendar.ics`);
    await expect(fresh).toHaveURL(new RegExp(`/login\\?next=%2Fbookings%2F${booking.id}$`));
    await fresh.getByLabel('Email').fill(customer.email);
    await fresh.getByLabel('Password', { exact: true }).fill(customer.password);
    await fresh.getByRole('button', { name: 'Login' }).click();
    await expect(fresh).toHaveURL(new RegExp(`/bookings/${booking.id}$`));
    await expect(fresh.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/bookings/${booking.id}/calendar.ics`);
  } finally {
    await emailed.close();
  }
});
