import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Audience, AudiencePreview, AudienceRules } from '@core/schemas/marketing.ts';
import { audiences, membershipPlans, memberships, savedAddresses, users, vehicles } from '../../server/db/schema.ts';
import { zipTableGeocoder } from '../../server/geo/geocoder.ts';
import { audienceCondition } from '../../server/marketing/audience-query.ts';
import { createApiCaller } from '../factories/api-caller.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const booked = new Date('2026-11-23T16:00:00Z');
let made = 0;
const unique = () => `${Date.now().toString(36)}${++made}`;

/** Audiences (issue 19): every rule has a person it takes in and one it leaves out; admins only. */
describe.each(databaseKinds)('audiences on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const api = createApiCaller(() => t, t.clock);

  /** Which of these people the rules match, straight from the one SQL query the rules make. */
  const matched = async (rules: AudienceRules, people: Array<{ id: number }>) => {
    const where = await audienceCondition(zipTableGeocoder, rules);
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          where,
          inArray(
            users.id,
            people.map((p) => p.id),
          ),
        ),
      );
    return new Set(rows.map((row) => row.id));
  };
  const expectSplit = async (rules: AudienceRules, inside: { id: number }, outside: { id: number }) => {
    const found = await matched(rules, [inside, outside]);
    expect(found.has(inside.id), `${JSON.stringify(rules)} takes in`).toBe(true);
    expect(found.has(outside.id), `${JSON.stringify(rules)} leaves out`).toBe(false);
  };
  const customer = (overrides: Parameters<typeof createCustomer>[1] = {}) => createCustomer(t.ctx, { password: undefined, ...overrides });
  let hour = 0;
  const book = async (customerId: number, day: string, status: 'completed' | 'cancelled' = 'completed') => {
    const detailer = await createDetailer(t.ctx);
    hour += 1;
    const startsAt = new Date(Date.parse(`${day}T08:00:00Z`) + (hour % 10) * 3_600_000);
    return createBooking(t.ctx, { customerId, detailerId: detailer.detailerId, serviceId: detailer.serviceId, startsAt, status });
  };
  const address = (customerId: number, city: string, latitude: number, longitude: number) =>
    t.db.insert(savedAddresses).values({ customerId, label: 'Home', address: '1 Main St', city, zip: '94107', latitude, longitude });

  it('role: customers in, detailers out', async () => {
    const { user: detailer } = await createDetailer(t.ctx);
    await expectSplit({ role: 'customer' }, await customer(), detailer);
  });

  it('city (any case) and ZIP within a radius, from saved addresses or bookings', async () => {
    const [sf, la] = [await customer(), await customer()];
    await address(sf.id, 'San Francisco', 37.7705, -122.3948);
    await address(la.id, 'Los Angeles', 34.0522, -118.2437);
    await expectSplit({ city: 'san francisco' }, sf, la);
    await expectSplit({ zip: '94107', radiusMiles: 10 }, sf, la);
    await expectSplit({ zip: '90012', radiusMiles: 25 }, la, sf);
    const unknownZip = await api(t.admin, 'POST', '/api/admin/audiences/preview', { zip: '00000', radiusMiles: 5 });
    expect(unknownZip.statusCode).toBe(400);
    expect(unknownZip.json().fields).toHaveProperty('zip');
  });

  it('last booking before or after a day, counting paid bookings only', async () => {
    const [recent, old, lapsed] = [await customer(), await customer(), await customer()];
    await book(recent.id, '2026-01-10');
    await book(recent.id, '2026-06-10');
    await book(old.id, '2026-01-10');
    await book(old.id, '2026-06-10', 'cancelled');
    await book(lapsed.id, '2026-07-01', 'cancelled');
    await expectSplit({ lastBookingAfter: '2026-03-01' }, recent, old);
    await expectSplit({ lastBookingBefore: '2026-03-01' }, old, recent);
    // Nobody with no paid booking has a last booking before anything.
    expect((await matched({ lastBookingBefore: '2026-12-31' }, [lapsed])).size).toBe(0);
  });

  it('number of bookings: at least and at most', async () => {
    const [two, one] = [await customer(), await customer()];
    await book(two.id, '2026-02-01');
    await book(two.id, '2026-02-02');
    await book(one.id, '2026-02-03');
    await expectSplit({ minBookings: 2 }, two, one);
    await expectSplit({ maxBookings: 1 }, one, two);
    await expectSplit({ minBookings: 2, maxBookings: 2 }, two, one);
  });

  it('has an active membership, or not', async () => {
    const [member, other] = [await customer(), await customer()];
    const [plan] = await t.db
      .insert(membershipPlans)
      .values({ name: `Plan ${unique()}`, monthlyPriceCents: 4900, includedVisitsPerMonth: 1 })
      .returning();
    await t.db.insert(memberships).values({
      customerId: member.id,
      planId: plan!.id,
      status: 'active',
      gateway: 'test',
      billingDay: 1,
      currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
    });
    await expectSplit({ hasMembership: true }, member, other);
    await expectSplit({ hasMembership: false }, other, member);
  });

  it('has a car of a type', async () => {
    const [sedan, suv] = [await customer(), await customer()];
    await t.db.insert(vehicles).values([
      { customerId: sedan.id, make: 'Honda', model: 'Civic', year: 2020, vehicleType: 'Sedan' },
      { customerId: suv.id, make: 'Toyota', model: 'RAV4', year: 2021, vehicleType: 'SUV' },
    ]);
    await expectSplit({ vehicleType: 'Sedan' }, sedan, suv);
  });

  it('signed up between two days, both included; disabled and deleted accounts never', async () => {
    const signedUp = async (at: string) => {
      const person = await customer();
      await t.db
        .update(users)
        .set({ createdAt: new Date(at) })
        .where(eq(users.id, person.id));
      return person;
    };
    const march = await signedUp('2026-03-31T23:30:00Z');
    const april = await signedUp('2026-04-01T00:30:00Z');
    await expectSplit({ signedUpFrom: '2026-03-01', signedUpTo: '2026-03-31' }, march, april);
    await expectSplit({ signedUpFrom: '2026-04-01' }, april, march);
    const [disabled, deleted] = [await customer(), await customer()];
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.id));
    await t.db
      .update(users)
      .set({ deletedAt: new Date('2026-11-01T00:00:00Z') })
      .where(eq(users.id, deleted.id));
    expect((await matched({}, [disabled, deleted])).size).toBe(0);
  });

  it('saves, lists with a live count, previews a masked sample, edits, and refuses bad input and taken names', async () => {
    const name = `Sedan owners ${unique()}`;
    const owner = await customer({ email: `sedan-${unique()}@example.com` });
    await t.db.insert(vehicles).values({ customerId: owner.id, make: 'Audi', model: 'A4', year: 2022, vehicleType: 'Sedan' });
    const created = await api(t.admin, 'POST', '/api/admin/audiences', { name, rules: { role: 'customer', vehicleType: 'Sedan' } });
    expect(created.statusCode, created.body).toBe(201);
    const audience = created.json() as Audience;
    expect(audience.count).toBeGreaterThan(0);

    const preview = (
      await api(t.admin, 'POST', '/api/admin/audiences/preview', { role: 'customer', vehicleType: 'Sedan' })
    ).json() as AudiencePreview;
    expect(preview.count).toBe(audience.count);
    expect(preview.sample.length).toBeLessThanOrEqual(5);
    for (const member of preview.sample) expect(member.email).toMatch(/^.\*\*\*@/);

    const listed = (await api(t.admin, 'GET', '/api/admin/audiences')).json() as Audience[];
    expect(listed.find((a) => a.id === audience.id)?.count).toBe(audience.count);
    const edited = await api(t.admin, 'PUT', `/api/admin/audiences/${audience.id}`, { name, rules: { role: 'detailer' } });
    expect(edited.json()).toMatchObject({ id: audience.id, rules: { role: 'detailer' } });

    const before = (await t.db.select().from(audiences)).length;
    const taken = await api(t.admin, 'POST', '/api/admin/audiences', { name: name.toUpperCase(), rules: {} });
    expect(taken.statusCode).toBe(409);
    for (const bad of [
      { name: '', rules: {} },
      { name: 'x', rules: { minBookings: -1 } },
      { name: 'y', rules: { zip: '94107' } },
      { name: 'z', rules: { drop: 1 } },
    ]) {
      expect((await api(t.admin, 'POST', '/api/admin/audiences', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.db.select().from(audiences)).length).toBe(before);
    expect((await api(t.admin, 'GET', '/api/admin/audiences/999999')).statusCode).toBe(404);
    expect((await api(t.admin, 'PUT', '/api/admin/audiences/999999', { name: 'n', rules: {} })).statusCode).toBe(404);
  });

  it('refuses every audience route to customers, detailers and the signed-out, before reading the body', async () => {
    const someone = await customer();
    const { user: detailer } = await createDetailer(t.ctx);
    const routes = [
      ['GET', '/api/admin/audiences'],
      ['POST', '/api/admin/audiences'],
      ['POST', '/api/admin/audiences/preview'],
      ['GET', '/api/admin/audiences/1'],
      ['PUT', '/api/admin/audiences/1'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await api(null, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(someone, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(detailer, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
