import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Booking, BookingQuote } from '@core/schemas/booking.ts';
import { membershipPlans } from '../../server/db/schema.ts';
import { createCustomer } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { useVisitTestApp } from './membership-visits-setup.ts';

// Issue 36, one price: step 3 shows GET /api/bookings/quote, and POST /api/bookings writes the same amounts; a member
// with a covered visit left pays nothing for a covered service they book by hand, and the visit is used.

describe.each(databaseKinds)('the booking quote and the booking agree on %s', (kind) => {
  const v = useVisitTestApp(kind);
  const place = { address: '1 Market St', city: 'San Francisco', zip: '94105' };

  const quote = async (customer: Parameters<typeof v.call>[0], serviceId: number, date: string) => {
    const response = await v.call(customer, 'GET', `/api/bookings/quote?serviceId=${serviceId}&vehicleType=Sedan&date=${date}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BookingQuote;
  };
  const book = async (customer: Parameters<typeof v.call>[0], detailerId: number, serviceId: number, date: string, time: string) => {
    const response = await v.call(customer, 'POST', '/api/bookings', { detailerId, serviceId, vehicleType: 'Sedan', date, time, ...place });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Booking;
  };
  const amounts = (
    b: Pick<Booking, 'priceCents' | 'discountCents' | 'serviceFeeCents' | 'taxCents' | 'totalCents' | 'discountSource'>,
  ) => ({
    priceCents: b.priceCents,
    discountCents: b.discountCents,
    serviceFeeCents: b.serviceFeeCents,
    taxCents: b.taxCents,
    totalCents: b.totalCents,
    discountSource: b.discountSource,
  });

  it('covers a visit a member books by hand while the month has one left, then gives the plan discount', async () => {
    const { detailer, customer, membership, plan } = await v.member({ includedVisits: 1 });
    await v.app().db.update(membershipPlans).set({ discountBasisPoints: 1000 }).where(eq(membershipPlans.id, plan.id));

    const covered = await quote(customer, detailer.serviceId, '2026-11-24');
    expect(covered).toMatchObject({
      coversVisit: true,
      discountSource: 'covered_visit',
      discountCents: 5900,
      serviceFeeCents: 0,
      totalCents: 0,
    });
    const first = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM');
    // Nothing to pay: a request at once, never a hold awaiting a card, and the month's visit is used.
    expect(first.status).toBe('requested');
    expect(amounts(first)).toEqual(amounts(covered));
    expect(await v.visitsOf(membership.id)).toMatchObject([{ dueOn: '2026-11-24', status: 'booked', bookingId: first.id }]);

    // The month's one visit is used: the next booking gets the plan's 10 % and costs what the quote said.
    const discounted = await quote(customer, detailer.serviceId, '2026-11-25');
    expect(discounted).toMatchObject({ coversVisit: false, discountSource: 'membership', discountCents: 590, serviceFeeCents: 1500 });
    const second = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-25', '9:00 AM');
    expect(second.status).toBe('pending_payment');
    expect(amounts(second)).toEqual(amounts(discounted));

    // Cancelled, the covered visit gives its visit back (visit-allowance.ts), and the quote covers again.
    const cancelled = await v.call(customer, 'POST', `/api/bookings/${first.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await quote(customer, detailer.serviceId, '2026-11-26')).toMatchObject({ coversVisit: true, totalCents: 0 });
  });

  it('quotes a customer without a plan, and a visitor, the catalog price: $59 -> $78.72, as the booking is written', async () => {
    const { detailer } = await v.member();
    const visitor = await quote(null, detailer.serviceId, '2026-11-24');
    expect(visitor).toMatchObject({ coversVisit: false, discountSource: null, discountCents: 0, totalCents: 7872 });
    const plain = await createCustomer(v.app().ctx, { password: undefined });
    const booked = await book(plain, detailer.detailerId, detailer.serviceId, '2026-11-24', '10:00 AM');
    expect(amounts(booked)).toEqual(amounts(await quote(plain, detailer.serviceId, '2026-11-24')));
    expect(booked.totalCents).toBe(7872);
  });

  it('refuses a quote with a bad vehicle type or date, naming the field', async () => {
    const { detailer } = await v.member();
    const response = await v.call(null, 'GET', `/api/bookings/quote?serviceId=${detailer.serviceId}&vehicleType=Tank&date=2026-13-01`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toEqual(expect.arrayContaining(['vehicleType', 'date']));
  });
});
