import type { Booking } from '@core/schemas/booking.ts';

/**
 * A booking as GET /api/bookings answers it, for the client's jsdom tests that stub fetch: the Basic Exterior Wash
 * ($59 + $15 fee + tax = $78.72) in San Francisco, Monday 2099-01-05 at 9:00 AM in Los Angeles, with no moves
 * allowed and no refunds. Each test states what it relies on in `overrides`.
 */
export function bookingResponse(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 7,
    status: 'requested',
    detailerId: 1,
    serviceId: 1,
    customerId: 2,
    serviceName: 'Basic Exterior Wash',
    detailerBusinessName: 'Gloss Boss Mobile Detailing',
    customerName: 'Sam Carter',
    startsAt: '2099-01-05T17:00:00.000Z',
    endsAt: '2099-01-05T17:45:00.000Z',
    date: '2099-01-05',
    time: '9:00 AM',
    timeZone: 'America/Los_Angeles',
    vehicleType: 'Sedan',
    vehicleId: null,
    vehicleDetails: null,
    notes: null,
    accessNotes: null,
    address: '1 Market St',
    apt: null,
    city: 'San Francisco',
    zip: '94105',
    price: 59,
    serviceFee: 15,
    tax: 4.72,
    total: 78.72,
    priceCents: 5900,
    vehicleSurchargeCents: 0,
    discountCents: 0,
    discountSource: null,
    promoCode: null,
    freeCancellationHours: 24,
    lateCancellationFeeCents: 1500,
    serviceFeeCents: 1500,
    taxCents: 472,
    totalCents: 7872,
    completedAt: null,
    holdExpiresAt: null,
    answerBy: null,
    createdAt: '2098-12-30T10:00:00.000Z',
    allowedActions: [],
    cancellationFeeCents: 0,
    capturedCents: 0,
    refundedCents: 0,
    refundableCents: 0,
    timeline: [],
    ...overrides,
  };
}

/** A JSON answer as the API sends it, for a stubbed fetch. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
