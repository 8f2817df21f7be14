import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Availability, ClosedDays } from '@core/schemas/booking.ts';
import { timeSlotLabels } from '@core/domain/time-slots.ts';
import { bookings, detailerDaysOff, detailers } from '../../server/db/schema.ts';
import { createDetailer } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { seededRandom } from '../factories/seeded-random.ts';
import { useBookingTestApp } from './booking-test-app.ts';

// Issue 36, one question one answer: for random detailers (service length, area, travel buffer, days off), random
// jobs already booked around the Bay and random customer addresses, every slot the availability endpoint offers
// with the job's ZIP is accepted by POST /api/bookings with that ZIP, and every slot it does not offer is refused;
// a ZIP beyond the area is refused by both, in the same words. The closed days of the calendar are the days on
// which every slot is 'closed'.

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

// SoMa, the Mission, the Sunset, Oakland, Berkeley, San Jose (beyond a small area), Sacramento (beyond every area).
const places = [
  { zip: '94105', city: 'San Francisco' },
  { zip: '94103', city: 'San Francisco' },
  { zip: '94122', city: 'San Francisco' },
  { zip: '94612', city: 'Oakland' },
  { zip: '94704', city: 'Berkeley' },
  { zip: '95112', city: 'San Jose' },
  { zip: '95814', city: 'Sacramento' },
] as const;
// Tuesday to Saturday of the test clock's week (Monday 2026-11-23 at 8:00 AM in Los Angeles), and a Sunday.
const dates = ['2026-11-24', '2026-11-25', '2026-11-28', '2026-11-29'] as const;

describe.each(databaseKinds)('availability and booking agree on %s', (kind) => {
  const t = useBookingTestApp(kind);

  it('every slot offered with a ZIP is booked with it, and every other is refused (random detailers, jobs and places)', async () => {
    const seed = 36_001;
    const next = seededRandom(seed);
    let offered = 0;
    let refused = 0;
    for (let round = 0; round < 3; round++) {
      const { detailerId, serviceId } = await createDetailer(t.ctx, { service: { durationMinutes: pick(next, [45, 120, 180]) } });
      await t.db
        .update(detailers)
        .set({ serviceRadiusMiles: pick(next, [10, 25, 50]), travelBufferMinutes: pick(next, [0, 15, 30]) })
        .where(eq(detailers.id, detailerId));
      const dayOff = pick(next, dates);
      await t.db.insert(detailerDaysOff).values({ detailerId, date: dayOff, createdAt: new Date() });
      // Jobs already on the detailer's calendar, each where a customer asked for it.
      for (let job = 0; job < 4; job++) {
        const place = pick(next, places.slice(0, 5));
        await t.book(await t.quickCustomer(), detailerId, serviceId, pick(next, dates), pick(next, timeSlotLabels), {
          zip: place.zip,
          city: place.city,
        });
      }

      const closed = (await t.call(null, 'GET', `/api/detailers/${detailerId}/closed-days?serviceId=${serviceId}`)).json() as ClosedDays;
      for (const date of dates) {
        const place = pick(next, places);
        const response = await t.call(
          null,
          'GET',
          `/api/detailers/${detailerId}/availability?date=${date}&serviceId=${serviceId}&zip=${place.zip}`,
        );
        if (response.statusCode === 422) {
          // Beyond the area: no time is offered, and booking any is refused in the same words on the same field.
          const attempt = await t.book(await t.quickCustomer(), detailerId, serviceId, date, '9:00 AM', {
            zip: place.zip,
            city: place.city,
          });
          expect(attempt.status, `seed ${seed}`).toBe(422);
          expect(attempt.body.message).toBe(response.json().message);
          refused++;
          continue;
        }
        expect(response.statusCode, response.body).toBe(200);
        const day = response.json() as Availability;
        expect(closed.closedDates.includes(date), `seed ${seed}, ${date}`).toBe(day.slots.every((slot) => slot.reason === 'closed'));
        for (const slot of day.slots) {
          const attempt = await t.book(await t.quickCustomer(), detailerId, serviceId, date, slot.time, {
            zip: place.zip,
            city: place.city,
          });
          const what = `seed ${seed}, detailer ${detailerId}, ${date} ${slot.time} from ${place.zip}: offered ${slot.available} (${slot.reason})`;
          if (slot.available) {
            expect(attempt.status, `${what}, answered ${attempt.body.message}`).toBe(201);
            // Put the calendar back as it was, so the next slot is judged against the same day.
            await t.db.delete(bookings).where(eq(bookings.id, attempt.body.id));
            offered++;
          } else {
            expect([400, 409], `${what}, answered ${attempt.status}`).toContain(attempt.status);
            refused++;
          }
        }
      }
    }
    // The random cases reached both answers.
    expect(offered).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  });

  it('refuses a ZIP beyond the area on the availability request, naming the area', async () => {
    const { detailerId, serviceId } = await createDetailer(t.ctx);
    const response = await t.call(
      null,
      'GET',
      `/api/detailers/${detailerId}/availability?date=2026-11-24&serviceId=${serviceId}&zip=95814`,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.zip).toMatch(
      /^This address is outside Detailing \w+'s service area: they come up to 25 miles from their base, and this ZIP code is [\d.]+ miles away$/,
    );
  });

  it('marks Sundays and days off closed for the calendar, and nothing else', async () => {
    const { detailerId, serviceId } = await createDetailer(t.ctx);
    await t.db.insert(detailerDaysOff).values({ detailerId, date: '2026-11-25', createdAt: new Date() });
    const closed = (await t.call(null, 'GET', `/api/detailers/${detailerId}/closed-days?serviceId=${serviceId}`)).json() as ClosedDays;
    expect(closed.from).toBe('2026-11-23');
    expect(closed.closedDates.slice(0, 3)).toEqual(['2026-11-25', '2026-11-29', '2026-12-06']);
  });
});
