import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@core/schemas/calendar.ts';
import { calendarFeeds, detailerDaysOff, detailers, outboxEmails, services, users } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

/** A calendar file read by a maintained parser (Mozilla's ical.js), as a calendar app would read it. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: events.map((event) => ({
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
      location: event.location,
      status: event.component.getFirstPropertyValue('status'),
      url: event.component.getFirstPropertyValue('url'),
      isAllDay: event.startDate.isDate,
      start: event.startDate.isDate ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
      end: event.endDate.isDate ? event.endDate.toString() : event.endDate.toJSDate().toISOString(),
    })),
  };
}

// Issue 41: calendars that stay in sync (decision 044).
describe.each(databaseKinds)('calendars on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(); // Monday 2026-11-23, 8:00 AM in Los Angeles
  const logLines: string[] = [];
  let admin: UserRow;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { LOG_LEVEL: 'info', PUBLIC_URL: 'https://glossly.example' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    admin = await createAdmin(t.ctx, { password: undefined });
  });
  afterAll(() => t.close());
  const { call } = createCaller(() => t, clock);

  /** A job (by default on Tuesday 2026-12-01 at 9:00 AM in Los Angeles, 17:00 UTC) for a new customer of a new detailer. */
  async function job(
    status: 'requested' | 'accepted' = 'accepted',
    detailer?: Awaited<ReturnType<typeof createDetailer>>,
    startsAt = new Date('2026-12-01T17:00:00Z'),
  ) {
    const owner = detailer ?? (await createDetailer(t.ctx, { businessName: `Shine, Wax; & Co ${Math.random().toString(36).slice(2, 6)}` }));
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: owner.detailerId,
      serviceId: owner.serviceId,
      status,
      startsAt,
      apt: 'Apt 4',
    });
    return { detailer: owner, customer, booking };
  }

  const icsOf = (user: UserRow | null, bookingId: number, headers: Record<string, string> = {}) =>
    user
      ? call(user, 'GET', `/api/bookings/${bookingId}/calendar.ics`)
      : t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/calendar.ics`, headers });

  /** The path of a feed address (the app answers it whatever host the address names). */
  const feedPath = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: feedPath(url) });
  async function newFeed(user: UserRow) {
    const response = await call(user, 'POST', '/api/detailer/calendar-feed');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CalendarFeed & { url: string; webcalUrl: string };
  }

  describe("a booking's .ics", () => {
    it('gives its customer the booking at its time in UTC, with the place, the detailer and a link back', async () => {
      const { customer, booking, detailer } = await job();
      const response = await icsOf(customer, booking.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="glossly-booking-${booking.id}.ics"`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.body).toContain('\r\nDTSTART:20261201T170000Z\r\n');
      const [event] = readCalendar(response.body).events;
      const [service] = await t.db.select({ name: services.name }).from(services).where(eq(services.id, detailer.serviceId));
      const [profile] = await t.db.select({ name: detailers.businessName }).from(detailers).where(eq(detailers.id, detailer.detailerId));
      const business = profile!.name;
      expect(event).toMatchObject({
        uid: `booking-${booking.id}@glossly.example`,
        sequence: 0,
        status: 'CONFIRMED',
        start: '2026-12-01T17:00:00.000Z',
        end: '2026-12-01T17:45:00.000Z',
        location: '1 Market St, Apt 4, San Francisco 94105',
        url: `https://glossly.example/bookings/${booking.id}`,
      });
      // The business name has a comma and a semicolon: escaped in the file, itself once read.
      expect(business).toMatch(/, .*;/);
      expect(event!.summary).toBe(`${service!.name} with ${business}`);
      expect(event!.description).toContain(`Detailer: ${business}`);
      expect(readCalendar(response.body).method).toBe('PUBLISH');
    });

    it('gives its detailer and admins the same entry (one UID), and refuses everyone else before reading anything', async () => {
      const { customer, booking, detailer } = await job();
      const forDetailer = await icsOf(detailer.user, booking.id);
      expect(forDetailer.statusCode).toBe(200);
      expect(readCalendar(forDetailer.body).events[0]!.summary).toContain(customer.name);
      expect(readCalendar((await icsOf(admin, booking.id)).body).events[0]!.uid).toBe(`booking-${booking.id}@glossly.example`);

      const stranger = await createCustomer(t.ctx, { password: undefined });
      const otherDetailer = await createDetailer(t.ctx);
      expect((await icsOf(stranger, booking.id)).statusCode).toBe(404);
      expect((await icsOf(otherDetailer.user, booking.id)).statusCode).toBe(404);
      expect((await icsOf(customer, 999_999)).statusCode).toBe(404);
      expect((await icsOf(null, booking.id)).statusCode).toBe(401);
      // An email's link opened in a browser that is not signed in: sign in, then the booking's page.
      const browser = await icsOf(null, booking.id, { accept: 'text/html,application/xhtml+xml' });
      expect(browser.statusCode).toBe(303);
      expect(browser.headers.location).toBe(`/login?next=%2Fbookings%2F${booking.id}`);
    });

    it('after a reschedule gives the new time at a higher SEQUENCE, after a cancellation a METHOD:CANCEL', async () => {
      const { customer, booking } = await job();
      const before = readCalendar((await icsOf(customer, booking.id)).body).events[0]!;

      const moved = await call(customer, 'POST', `/api/bookings/${booking.id}/reschedule`, { date: '2026-12-02', time: '10:00 AM' });
      expect(moved.statusCode, moved.body).toBe(200);
      const afterMove = readCalendar((await icsOf(customer, booking.id)).body);
      expect(afterMove.method).toBe('PUBLISH');
      expect(afterMove.events[0]).toMatchObject({ uid: before.uid, start: '2026-12-02T18:00:00.000Z', status: 'CONFIRMED' });
      expect(afterMove.events[0]!.sequence).toBeGreaterThan(before.sequence);

      const cancelled = await call(customer, 'POST', `/api/bookings/${booking.id}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const afterCancel = readCalendar((await icsOf(customer, booking.id)).body);
      expect(afterCancel.method).toBe('CANCEL');
      expect(afterCancel.events[0]).toMatchObject({ uid: before.uid, status: 'CANCELLED', start: '2026-12-02T18:00:00.000Z' });
      expect(afterCancel.events[0]!.sequence).toBeGreaterThan(afterMove.events[0]!.sequence);
      expect(afterCancel.events[0]!.summary).toMatch(/^Cancelled: /);
    });

    it("is linked from the booking's emails: the customer's acceptance and the detailer's cancellation", async () => {
      const { customer, booking, detailer } = await job('requested');
      const link = `https://glossly.example/api/bookings/${booking.id}/calendar.ics`;
      expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
      expect((await call(customer, 'POST', `/api/bookings/${booking.id}/cancel`, {})).statusCode).toBe(200);
      await t.app.realtime.settled();
      const [accepted] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, customer.email));
      expect(accepted?.subject).toBe('Booking accepted');
      expect(accepted?.text).toContain(`Add to or update your calendar: ${link}`);
      const toDetailer = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, detailer.user.email));
      const cancellation = toDetailer.find((email) => email.subject === 'Booking cancelled');
      expect(cancellation?.text).toContain(`Add to or update your calendar: ${link}`);
    });
  });

  describe("a detailer's feed", () => {
    it('is made by the detailer only, shown once, and lists their accepted jobs and days off, nothing else', async () => {
      const { detailer, booking, customer } = await job('accepted');
      const request = await job('requested', detailer, new Date('2026-12-02T17:00:00Z'));
      const elsewhere = await job('accepted');
      await t.db.insert(detailerDaysOff).values({ detailerId: detailer.detailerId, date: '2026-12-24' });

      expect((await call(customer, 'POST', '/api/detailer/calendar-feed')).statusCode).toBe(403);
      expect((await call(null, 'POST', '/api/detailer/calendar-feed')).statusCode).toBe(401);
      expect((await call(detailer.user, 'GET', '/api/detailer/calendar-feed')).json()).toEqual({
        isSet: false,
        createdAt: null,
        lastFetchedAt: null,
      });

      const feed = await newFeed(detailer.user);
      expect(feed.url).toMatch(/^https:\/\/glossly\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(feed.webcalUrl).toBe(feed.url.replace('https:', 'webcal:'));
      // Only the hash is stored; the address is in that one answer.
      const [stored] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.detailerId, detailer.detailerId));
      expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(feed.url).not.toContain(stored!.tokenHash);

      const response = await fetchFeed(feed.url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const { events } = readCalendar(response.body);
      expect(events.map((event) => event.uid).sort()).toEqual(
        [`booking-${booking.id}@glossly.example`, `day-off-${detailer.detailerId}-2026-12-24@glossly.example`].sort(),
      );
      expect(events.find((event) => event.isAllDay)).toMatchObject({
        start: '2026-12-24',
        end: '2026-12-25',
        summary: 'Day off (Glossly)',
      });
      const jobEvent = events.find((event) => !event.isAllDay)!;
      expect(jobEvent).toMatchObject({ start: '2026-12-01T17:00:00.000Z', location: '1 Market St, Apt 4, San Francisco 94105' });
      expect(jobEvent.summary).toContain(customer.name);
      // No contact details: not the customer's email, and no booking the detailer has not accepted.
      expect(response.body).not.toContain(customer.email);
      expect(response.body).not.toContain(`booking-${request.booking.id}@`);
      expect(response.body).not.toContain(`booking-${elsewhere.booking.id}@`);

      const status = (await call(detailer.user, 'GET', '/api/detailer/calendar-feed')).json() as CalendarFeed;
      expect(status).toEqual({ isSet: true, createdAt: clock.now().toISOString(), lastFetchedAt: clock.now().toISOString() });
    });

    it('stops answering the old address the moment it is reset', async () => {
      const { detailer } = await job();
      const first = await newFeed(detailer.user);
      expect((await fetchFeed(first.url)).statusCode).toBe(200);
      const second = await newFeed(detailer.user);
      expect(second.url).not.toBe(first.url);
      const old = await fetchFeed(first.url);
      expect(old.statusCode).toBe(404);
      expect(old.body).not.toContain('BEGIN:VCALENDAR');
      expect((await fetchFeed(second.url)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/calendar/not-a-token.ics' })).statusCode).toBe(404);
    });

    it('shows a reschedule at its new time and drops a cancelled job, fetch by fetch', async () => {
      const { detailer, customer, booking } = await job();
      const feed = await newFeed(detailer.user);
      const jobIn = async () =>
        readCalendar((await fetchFeed(feed.url)).body).events.find((event) => event.uid.startsWith(`booking-${booking.id}@`));
      const before = (await jobIn())!;
      expect(before.start).toBe('2026-12-01T17:00:00.000Z');

      expect(
        (await call(customer, 'POST', `/api/bookings/${booking.id}/reschedule`, { date: '2026-12-03', time: '1:00 PM' })).statusCode,
      ).toBe(200);
      const moved = (await jobIn())!;
      expect(moved.start).toBe('2026-12-03T21:00:00.000Z');
      expect(moved.sequence).toBeGreaterThan(before.sequence);

      expect((await call(customer, 'POST', `/api/bookings/${booking.id}/cancel`, {})).statusCode).toBe(200);
      expect(await jobIn()).toBeUndefined();
    });

    it("stops working for a disabled detailer's account", async () => {
      const { detailer } = await job();
      const feed = await newFeed(detailer.user);
      await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, detailer.user.id));
      expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    });

    it('is limited to 30 fetches per 10 minutes per address, each address counted alone', async () => {
      const busy = await newFeed((await job()).detailer.user);
      const quiet = await newFeed((await job()).detailer.user);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await fetchFeed(busy.url)).statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(30);
      expect(statuses.at(-1)).toBe(429);
      expect((await fetchFeed(quiet.url)).statusCode).toBe(200);
    });

    it('never writes a feed token to the log', async () => {
      const feed = await newFeed((await job()).detailer.user);
      const token = feedPath(feed.url).slice('/api/calendar/'.length, -'.ics'.length);
      logLines.length = 0;
      expect((await fetchFeed(feed.url)).statusCode).toBe(200);
      expect((await fetchFeed(feed.url.replace(token, `${token.slice(0, -1)}x`))).statusCode).toBe(404);
      expect(logLines.join('\n')).toContain('/api/calendar/[redacted]');
      expect(logLines.join('\n')).not.toContain(token.slice(0, 20));
    });
  });
});
