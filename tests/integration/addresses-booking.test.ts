import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookingSchema } from '@core/schemas/booking.ts';
import { bookings, detailers, savedAddresses } from '../../server/db/schema.ts';
import { createDetailer } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

describe.each(databaseKinds)('bookings with access notes and saveAddress on %s', (kind) => {
  const t = useBookingTestApp(kind);
  const { call, quickCustomer, book } = t;
  const placesOf = (customerId: number) => t.db.select().from(savedAddresses).where(eq(savedAddresses.customerId, customerId));

  it('stores access notes on the booking and shows them to the detailer of the job', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const made = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', {
      accessNotes: '  Gate code 4412, park in bay 3  ',
    });
    expect(made.status).toBe(201);
    expect(bookingSchema.parse(made.body).accessNotes).toBe('Gate code 4412, park in bay 3');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.body.id));
    expect(row!.accessNotes).toBe('Gate code 4412, park in bay 3');

    // The detailer sees a job once it is requested (paid).
    await t.db.update(bookings).set({ status: 'requested', holdExpiresAt: null }).where(eq(bookings.id, made.body.id));
    const job = await call(detailer.user, 'GET', `/api/bookings/${made.body.id}`);
    expect(job.statusCode).toBe(200);
    expect(job.json()).toMatchObject({ accessNotes: 'Gate code 4412, park in bay 3', address: '1 Market St' });
    const jobs = (await call(detailer.user, 'GET', '/api/bookings')).json() as { id: number; accessNotes: string | null }[];
    expect(jobs.find((j) => j.id === made.body.id)?.accessNotes).toBe('Gate code 4412, park in bay 3');

    const without = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '10:00 AM');
    expect(without.body.accessNotes).toBeNull();
  });

  it('refuses access notes over 500 characters', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const refused = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', {
      accessNotes: 'x'.repeat(501),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Access notes must be at most 500 characters');
    expect(await t.db.select().from(bookings).where(eq(bookings.detailerId, detailer.detailerId))).toEqual([]);
    const longest = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', {
      accessNotes: 'x'.repeat(500),
    });
    expect(longest.status).toBe(201);
  });

  it("saves the typed address to the customer's places with the booking, the default when it is the first", async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const first = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', {
      apt: 'Unit 4',
      accessNotes: 'Gate code 4412',
      saveAddress: { label: 'Home' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const places = await placesOf(customer.id);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({
      label: 'Home',
      address: '1 Market St',
      apt: 'Unit 4',
      city: 'San Francisco',
      zip: '94105',
      accessNotes: 'Gate code 4412',
      isDefault: true,
    });
    expect(places[0]!.latitude).toBeCloseTo(37.79, 1);
    // It is listed at once, as the next booking's step 2 reads it.
    const listed = (await call(customer, 'GET', '/api/addresses')).json() as { label: string }[];
    expect(listed.map((p) => p.label)).toEqual(['Home']);

    // 11:00, not 10:00: Mission Bay is a drive from the 9:00 job in SoMa (issue 20's drive time between jobs).
    const second = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '11:00 AM', {
      address: '500 Terry A Francois Blvd',
      zip: '94158',
      saveAddress: { label: 'Work' },
    });
    expect(second.status).toBe(201);
    const after = await placesOf(customer.id);
    expect(after.map((p) => [p.label, p.isDefault]).sort()).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
  });

  it('saves nothing when the booking is refused: outside the service area, a taken slot, a bad label or a long apartment', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const rival = await quickCustomer();
    await t.db.update(detailers).set({ serviceRadiusMiles: 5 }).where(eq(detailers.id, detailer.detailerId));

    const outside = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', {
      city: 'New York',
      zip: '10001',
      saveAddress: { label: 'Home' },
    });
    expect(outside.status).toBe(422);

    expect((await book(rival, detailer.detailerId, detailer.serviceId, '2026-11-24', '10:00 AM')).status).toBe(201);
    const taken = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '10:00 AM', {
      saveAddress: { label: 'Home' },
    });
    expect(taken.status).toBe(409);

    const badLabel = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '11:00 AM', {
      saveAddress: { label: '' },
    });
    expect(badLabel.status).toBe(400);
    expect(badLabel.body.message).toBe('Give this place a label, like Home or Work');

    const longApt = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '11:00 AM', {
      apt: 'x'.repeat(41),
      saveAddress: { label: 'Home' },
    });
    expect(longApt.status).toBe(400);
    expect(longApt.body.message).toBe('Apartment/Suite/Unit must be at most 40 characters to save this place');

    expect(await placesOf(customer.id)).toEqual([]);
    // Each refusal rolled the booking back too: the customer holds nothing.
    expect(await t.db.select().from(bookings).where(eq(bookings.customerId, customer.id))).toEqual([]);
  });
});
