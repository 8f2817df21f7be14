import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import type { VisitSchedule } from '@core/schemas/membership-visits.ts';
import { zonedTimeToUtc } from '@core/domain/time-slots.ts';
import {
  bookings,
  membershipPlans,
  memberships,
  membershipSchedules,
  membershipVisits,
  notifications,
  payments,
  savedAddresses,
  serviceSurcharges,
  services,
} from '../../server/db/schema.ts';
import { runVisitScheduler } from '../../server/memberships/visits/visit-scheduler-job.ts';
import { visitsLeftThisPeriod } from '../../server/member-benefits/visit-allowance.ts';
import { createBooking, createCustomer } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { useVisitTestApp } from './membership-visits-setup.ts';
import { completeJob } from '../factories/job-day.ts';

const la = 'America/Los_Angeles';

/** Issue 18 ★: visits that book themselves, on both databases. */
describe.each(databaseKinds)('membership visits on %s', (kind) => {
  const { app, clock, call, member, visitsOf, bookingsOf, intentsOf } = useVisitTestApp(kind);
  /** One run of the visit scheduler, now or once the clock is moved to `at`. */
  const pass = (at?: Date) => {
    if (at) clock.set(at);
    return runVisitScheduler(app().ctx, clock.now());
  };
  const rhythmUrl = (id: number) => `/api/memberships/${id}/visit-rhythm`;
  /** Sets the member's rhythm (every other Friday from 2026-11-27, mornings), as they would on My Subscription. */
  const setRhythm = async (m: Awaited<ReturnType<typeof member>>) => {
    const set = await call(m.customer, 'PUT', rhythmUrl(m.membership.id), m.rhythm);
    expect(set.statusCode, set.body).toBe(200);
    return set;
  };
  const memberOnRhythm = async (options?: Parameters<typeof member>[0]) => {
    const m = await member(options);
    await setRhythm(m);
    return m;
  };
  /** The pass booked nothing for the member: their first date, 2026-11-27, stands unfilled. */
  const expectFirstVisitUnfilled = async (m: Awaited<ReturnType<typeof member>>) => {
    expect(await bookingsOf(m.membership.id)).toEqual([]);
    expect(await visitsOf(m.membership.id)).toMatchObject([{ dueOn: '2026-11-27', status: 'unfilled', bookingId: null }]);
  };
  /** The member's detailer does the booked visit, accept to complete, at its time. */
  const completeVisit = (m: Awaited<ReturnType<typeof member>>, booking: { id: number; startsAt: Date }) =>
    completeJob({ ctx: app().ctx, clock, detailer: m.detailer.user, booking, post: (path) => call(m.detailer.user, 'POST', path) });
  const titlesOf = async (userId: number) =>
    (await app().db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);

  it('books the visit exactly once under 10 concurrent passes: covered, total 0, no payment intent, the detailer told', async () => {
    const m = await member();
    const set = await setRhythm(m);
    expect((set.json() as VisitSchedule).rhythm).toMatchObject({ nextVisitOn: '2026-11-27', everyWeeks: 2 });

    await Promise.all(Array.from({ length: 10 }, () => pass()));
    const booked = await bookingsOf(m.membership.id);
    expect(booked).toHaveLength(1);
    const booking = booked[0]!;
    expect(booking).toMatchObject({
      status: 'requested',
      detailerId: m.detailer.detailerId,
      discountCents: 5900,
      serviceFeeCents: 0,
      taxCents: 0,
      totalCents: 0,
      lateCancellationFeeCents: 0,
    });
    expect(booking.startsAt.toISOString()).toBe(zonedTimeToUtc('2026-11-27', 9 * 60, la).toISOString());
    expect(await intentsOf(booking.id)).toEqual([]);
    expect(await visitsOf(m.membership.id)).toMatchObject([{ dueOn: '2026-11-27', status: 'booked', bookingId: booking.id }]);
    const [schedule] = await app().db.select().from(membershipSchedules).where(eq(membershipSchedules.membershipId, m.membership.id));
    expect(schedule!.nextVisitOn).toBe('2026-12-11');
    expect(await titlesOf(m.detailer.user.id)).toContain('New booking request');
    expect(await visitsLeftThisPeriod(app().db, m.membership.id)).toBe(1);

    // In My Bookings, covered by the plan; the detailer sees the request.
    const mine = (await call(m.customer, 'GET', '/api/bookings')).json() as Booking[];
    expect(mine.find((b) => b.id === booking.id)).toMatchObject({ discountSource: 'covered_visit', totalCents: 0 });
    expect((await call(m.detailer.user, 'GET', `/api/bookings/${booking.id}`)).statusCode).toBe(200);

    // Another pass later books nothing more for that date.
    await pass();
    expect(await bookingsOf(m.membership.id)).toHaveLength(1);
  });

  it('takes a covered booking through accept to complete with no capture and no payment row', async () => {
    const m = await memberOnRhythm();
    await pass();
    const [booking] = await bookingsOf(m.membership.id);
    await completeVisit(m, booking!);
    expect(await app().db.select().from(payments).where(eq(payments.bookingId, booking!.id))).toEqual([]);
    expect(await intentsOf(booking!.id)).toEqual([]);
  });

  it('a detailer who declines a covered visit releases nothing and gives the visit back', async () => {
    const m = await memberOnRhythm();
    await pass();
    const [booking] = await bookingsOf(m.membership.id);
    const declined = await call(m.detailer.user, 'POST', `/api/bookings/${booking!.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await app().db.select().from(payments).where(eq(payments.bookingId, booking!.id))).toEqual([]);
    expect(await visitsLeftThisPeriod(app().db, m.membership.id)).toBe(2);
    const schedule = (await call(m.customer, 'GET', `/api/memberships/${m.membership.id}/visits`)).json() as VisitSchedule;
    expect(schedule.upcoming[0]).toMatchObject({ dueOn: '2026-11-27', status: 'unfilled' });
  });

  it('catches a rhythm that fell behind up to its next date and books that one', async () => {
    const m = await memberOnRhythm();
    // Three weeks on with no pass run: 2026-11-27 is gone; the next date, 2026-12-11, is 5 days ahead.
    await pass(new Date('2026-12-06T18:00:00Z'));
    expect(await visitsOf(m.membership.id)).toMatchObject([{ dueOn: '2026-12-11', status: 'booked' }]);
  });

  it('skips one visit (its booking cancelled free) and a date still to come, keeping the rhythm', async () => {
    const m = await memberOnRhythm();
    await pass();
    // The day before the visit: inside any late window, yet free for a covered visit.
    clock.set(new Date('2026-11-26T18:00:00Z'));
    const skipped = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/skip`, { dueOn: '2026-11-27' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const [booking] = await bookingsOf(m.membership.id);
    expect(booking).toMatchObject({ status: 'cancelled', cancellationFeeCents: 0 });
    expect(await visitsOf(m.membership.id)).toMatchObject([{ dueOn: '2026-11-27', status: 'skipped' }]);
    expect(await visitsLeftThisPeriod(app().db, m.membership.id)).toBe(2);

    const ahead = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/skip`, { dueOn: '2026-12-11' });
    expect(ahead.statusCode, ahead.body).toBe(200);
    await pass(new Date('2026-12-05T16:00:00Z'));
    expect(await bookingsOf(m.membership.id)).toHaveLength(1);
    const [schedule] = await app().db.select().from(membershipSchedules).where(eq(membershipSchedules.membershipId, m.membership.id));
    expect(schedule!.nextVisitOn).toBe('2026-12-25');
    const again = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/skip`, { dueOn: '2026-12-11' });
    expect(again.statusCode).toBe(409);
    const notADate = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/skip`, { dueOn: '2026-12-12' });
    expect(notADate.statusCode).toBe(400);
  });

  it('moves one visit to another free slot of the same detailer; the rhythm keeps its dates', async () => {
    const m = await memberOnRhythm();
    await pass();
    const moved = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/move`, {
      dueOn: '2026-11-27',
      date: '2026-11-28',
      time: '2:00 PM',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [booking] = await bookingsOf(m.membership.id);
    expect(booking!.startsAt.toISOString()).toBe(zonedTimeToUtc('2026-11-28', 14 * 60, la).toISOString());
    expect((moved.json() as VisitSchedule).rhythm!.nextVisitOn).toBe('2026-12-11');
    expect(await visitsOf(m.membership.id)).toMatchObject([{ dueOn: '2026-11-27', status: 'booked' }]);

    // A taken slot is refused and nothing moves.
    const other = await createCustomer(app().ctx, { password: undefined });
    const taken = zonedTimeToUtc('2026-11-28', 10 * 60, la);
    await createBooking(app().ctx, {
      customerId: other.id,
      detailerId: m.detailer.detailerId,
      serviceId: m.detailer.serviceId,
      status: 'accepted',
      startsAt: taken,
    });
    const refused = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/move`, {
      dueOn: '2026-11-27',
      date: '2026-11-28',
      time: '10:00 AM',
    });
    expect(refused.statusCode).toBe(409);
    const [still] = await bookingsOf(m.membership.id);
    expect(still!.startsAt.toISOString()).toBe(booking!.startsAt.toISOString());
    const notYet = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/move`, {
      dueOn: '2026-12-11',
      date: '2026-12-12',
      time: '10:00 AM',
    });
    expect(notYet.statusCode).toBe(409);
  });

  it('books the nearest alternative when the window is full, asks the member to confirm, and a decline cancels it', async () => {
    const m = await member();
    const other = await createCustomer(app().ctx, { password: undefined });
    for (const minute of [9 * 60, 10 * 60, 11 * 60]) {
      await createBooking(app().ctx, {
        customerId: other.id,
        detailerId: m.detailer.detailerId,
        serviceId: m.detailer.serviceId,
        status: 'accepted',
        startsAt: zonedTimeToUtc('2026-11-27', minute, la),
      });
    }
    await setRhythm(m);
    const result = await pass();
    expect(result.needs_confirmation).toBe(1);
    const [booking] = await bookingsOf(m.membership.id);
    // The same day's afternoon, after the drive from the 11 AM job.
    expect(booking!.startsAt.getTime()).toBeGreaterThan(zonedTimeToUtc('2026-11-27', 12 * 60, la).getTime());
    expect(await visitsOf(m.membership.id)).toMatchObject([{ status: 'needs_confirmation', bookingId: booking!.id }]);
    expect(await titlesOf(m.customer.id)).toContain('Confirm your visit');

    const declined = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/confirm`, {
      dueOn: '2026-11-27',
      accept: false,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [after] = await bookingsOf(m.membership.id);
    expect(after!.status).toBe('cancelled');
    expect(await visitsOf(m.membership.id)).toMatchObject([{ status: 'unfilled' }]);
    expect(
      (await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/confirm`, { dueOn: '2026-11-27', accept: true }))
        .statusCode,
    ).toBe(409);
  });

  it('keeps a visit that was done (or is under way) counted: it cannot be skipped or declined afterwards', async () => {
    // Security review: skipping a completed visit marked it skipped, which gave its visit back, so the scheduler
    // booked another covered visit in the same month, again and again, each one paid to the detailer by Glossly.
    const m = await memberOnRhythm({ includedVisits: 1 });
    await pass();
    const [booking] = await bookingsOf(m.membership.id);
    await completeVisit(m, booking!);
    expect(await visitsLeftThisPeriod(app().db, m.membership.id)).toBe(0);

    const skipped = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/skip`, { dueOn: '2026-11-27' });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().message).toBe('This visit has already taken place, so it cannot be skipped or declined');
    expect(await visitsOf(m.membership.id)).toMatchObject([{ dueOn: '2026-11-27', status: 'booked', bookingId: booking!.id }]);
    expect(await visitsLeftThisPeriod(app().db, m.membership.id)).toBe(0);

    // The same through declining a nearest alternative the member never confirmed, though the job was done.
    await app().db.update(membershipVisits).set({ status: 'needs_confirmation' }).where(eq(membershipVisits.bookingId, booking!.id));
    const declined = await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/visits/confirm`, {
      dueOn: '2026-11-27',
      accept: false,
    });
    expect(declined.statusCode).toBe(409);
    expect(await visitsOf(m.membership.id)).toMatchObject([{ status: 'needs_confirmation', bookingId: booking!.id }]);
    expect(await visitsLeftThisPeriod(app().db, m.membership.id)).toBe(0);

    // The next date of the rhythm in this period finds no visit left.
    await pass(new Date('2026-12-07T16:00:00Z'));
    expect(await bookingsOf(m.membership.id)).toHaveLength(1);
  });

  it('books no visit due after the period of a membership set to end then', async () => {
    // Security review: the next period's first visit was booked covered (total 0) though there was no next period.
    const m = await memberOnRhythm();
    expect((await call(m.customer, 'POST', `/api/memberships/${m.membership.id}/cancel`)).statusCode).toBe(200);
    // The period ends 2026-12-23; the rhythm's 2026-12-25 is 5 days ahead of this pass.
    await pass(new Date('2026-12-20T18:00:00Z'));
    expect((await bookingsOf(m.membership.id)).filter((b) => b.startsAt >= new Date('2026-12-23T16:00:00Z'))).toEqual([]);
    expect(await visitsOf(m.membership.id)).toMatchObject([{ dueOn: '2026-12-25', status: 'unfilled', bookingId: null }]);
    expect(await titlesOf(m.customer.id)).toContain('Visit not booked');

    // A membership that renews books that date as the next period's first visit.
    const renewing = await memberOnRhythm();
    await pass(new Date('2026-12-20T18:00:00Z'));
    expect(await visitsOf(renewing.membership.id)).toMatchObject([{ dueOn: '2026-12-25', status: 'booked' }]);
  });

  it("books no covered visit for a service the member's plan no longer covers", async () => {
    // Security review: a member could choose a dear service on a dear plan, then move to a cheap plan (a downgrade
    // takes effect at renewal) and the scheduler went on booking the dear service, funded by Glossly.
    const m = await memberOnRhythm();
    const [cheap] = await app()
      .db.insert(membershipPlans)
      .values({ name: `Cheap ${m.customer.id}`, monthlyPriceCents: 900, includedVisitsPerMonth: 2 })
      .returning();
    await app().db.update(memberships).set({ planId: cheap!.id }).where(eq(memberships.id, m.membership.id));
    await pass();
    await expectFirstVisitUnfilled(m);
    expect(await titlesOf(m.customer.id)).toContain('Visit not booked');
  });

  it("offers no covered visit above the plan's limit, and books none once the detailer raises the price past it", async () => {
    // Security review: detailers price their own services and Glossly pays them for covered visits, so without a
    // limit a $49 plan could fund a $5,000 visit of a service a detailer listed in a covered category.
    const m = await member();
    const limitOf = (coveredPriceLimitCents: number) =>
      app().db.update(membershipPlans).set({ coveredPriceLimitCents }).where(eq(membershipPlans.id, m.plan.id));
    await limitOf(5000);
    const options = await call(m.customer, 'GET', `/api/memberships/${m.membership.id}/visit-options`);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().services).toEqual([]);
    const refused = await call(m.customer, 'PUT', rhythmUrl(m.membership.id), m.rhythm);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ serviceId: 'Your plan does not cover this service' });
    expect(await app().db.select().from(membershipSchedules).where(eq(membershipSchedules.membershipId, m.membership.id))).toEqual([]);

    await limitOf(5900);
    await setRhythm(m);
    await app().db.update(services).set({ priceCents: 500_000 }).where(eq(services.id, m.detailer.serviceId));
    await pass();
    await expectFirstVisitUnfilled(m);
    expect(await titlesOf(m.customer.id)).toContain('Visit not booked');
  });

  it("books no covered visit whose price and the car's surcharge together pass the plan's limit", async () => {
    const m = await member();
    await app().db.update(membershipPlans).set({ coveredPriceLimitCents: 6000 }).where(eq(membershipPlans.id, m.plan.id));
    await setRhythm(m);
    // $59.00 fits under $60.00; the detailer's $2.00 for a sedan does not.
    await app().db.insert(serviceSurcharges).values({ serviceId: m.detailer.serviceId, vehicleType: 'Sedan', surchargeCents: 200 });
    await pass();
    await expectFirstVisitUnfilled(m);
    const told = await app().db.select().from(notifications).where(eq(notifications.userId, m.customer.id));
    expect(told.map((n) => n.message)).toContain(
      'Your plan covers visits up to $60.00, and this service costs $61.00 for your car, so your visit of 2026-11-27 was not booked. Choose a service your plan covers.',
    );
  });

  it("cancels a covered visit booked for after its membership's end, free, and keeps one inside the paid period", async () => {
    // Security review: the scheduler books 7 days ahead, so a visit of the next period could be booked before the member
    // set the membership to end; once it ended, Glossly still paid the detailer for a visit nobody paid for.
    const endsBefore = await member();
    const endsAfter = await member();
    for (const m of [endsBefore, endsAfter]) await setRhythm(m);
    await pass();
    const [early] = await bookingsOf(endsBefore.membership.id);
    const [kept] = await bookingsOf(endsAfter.membership.id);
    expect(early).toMatchObject({ status: 'requested', totalCents: 0 });
    // Both end; the first one's paid period ended the day before its visit, the second's after it.
    await app()
      .db.update(memberships)
      .set({ status: 'canceled', canceledAt: new Date('2026-11-26T16:00:00Z'), currentPeriodEnd: new Date('2026-11-26T16:00:00Z') })
      .where(eq(memberships.id, endsBefore.membership.id));
    await app()
      .db.update(memberships)
      .set({ status: 'canceled', canceledAt: new Date('2026-11-24T16:00:00Z'), currentPeriodEnd: new Date('2026-11-28T16:00:00Z') })
      .where(eq(memberships.id, endsAfter.membership.id));

    await Promise.all([pass(), pass()]);
    expect(await bookingsOf(endsBefore.membership.id)).toMatchObject([{ id: early!.id, status: 'cancelled', cancellationFeeCents: null }]);
    expect(await visitsOf(endsBefore.membership.id)).toMatchObject([{ dueOn: '2026-11-27', status: 'skipped' }]);
    const told = await app().db.select().from(notifications).where(eq(notifications.userId, endsBefore.customer.id));
    expect(told.filter((n) => n.title === 'Visit cancelled').map((n) => n.message)).toEqual([
      'Your membership has ended, so your covered visit of 2026-11-27 was cancelled. Book it yourself to keep the time.',
    ]);
    expect(await bookingsOf(endsAfter.membership.id)).toMatchObject([{ id: kept!.id, status: 'requested' }]);
    expect(await titlesOf(endsAfter.customer.id)).not.toContain('Visit cancelled');
  });

  it('books nothing when no visits are left this month, and says so', async () => {
    const m = await memberOnRhythm({ includedVisits: 0 });
    await pass();
    await expectFirstVisitUnfilled(m);
    expect(await titlesOf(m.customer.id)).toContain('No visits left this month');
  });

  it("refuses another member's schedule (404) and choices the plan or member does not have (400/422), writing nothing", async () => {
    const m = await member();
    const stranger = await member();
    const url = rhythmUrl(m.membership.id);
    expect((await call(stranger.customer, 'PUT', url, m.rhythm)).statusCode).toBe(404);
    expect((await call(stranger.customer, 'GET', `/api/memberships/${m.membership.id}/visits`)).statusCode).toBe(404);
    expect(
      (await call(stranger.customer, 'POST', `/api/memberships/${m.membership.id}/visits/skip`, { dueOn: '2026-11-27' })).statusCode,
    ).toBe(404);
    expect((await call(m.detailer.user, 'GET', `/api/memberships/${m.membership.id}/visits`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/memberships/${m.membership.id}/visits`)).statusCode).toBe(401);

    const cases: Array<[object, number, string]> = [
      [{ serviceId: stranger.detailer.serviceId, detailerId: stranger.detailer.detailerId }, 400, 'serviceId'],
      [{ detailerId: stranger.detailer.detailerId }, 400, 'detailerId'],
      [{ timeWindow: 'evening' }, 400, 'timeWindow'],
      [{ everyWeeks: 3 }, 400, 'everyWeeks'],
      [{ vehicleId: stranger.car.id }, 400, 'vehicleId'],
      [{ savedAddressId: stranger.place.id }, 400, 'savedAddressId'],
    ];
    for (const [change, status, field] of cases) {
      const response = await call(m.customer, 'PUT', url, { ...m.rhythm, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(response.json().fields, JSON.stringify(change)).toHaveProperty(field);
    }
    // An address beyond the detailer's area (Los Angeles for a San Francisco detailer).
    await app().db.update(savedAddresses).set({ latitude: 34.05, longitude: -118.24 }).where(eq(savedAddresses.id, m.place.id));
    const far = await call(m.customer, 'PUT', url, m.rhythm);
    expect(far.statusCode).toBe(422);
    expect(await app().db.select().from(membershipSchedules).where(eq(membershipSchedules.membershipId, m.membership.id))).toEqual([]);
    expect(await app().db.select().from(bookings).where(eq(bookings.customerId, m.customer.id))).toEqual([]);
  });
});
