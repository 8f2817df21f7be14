import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { savedAddressSchema, type SavedAddress } from '@core/schemas/address.ts';
import { savedAddresses } from '../../server/db/schema.ts';
import { createAdmin, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const home = { label: 'Home', address: '1 Market St', apt: 'Unit 4', city: 'San Francisco', zip: '94105', accessNotes: 'Gate code 4412' };
const work = { label: 'Work', address: '500 Terry A Francois Blvd', city: 'San Francisco', zip: '94158' };

describe.each(databaseKinds)('saved places (/api/addresses) on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const cookies = new Map<number, string>();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(() => t.close());

  async function call(user: { id: number } | null, method: Method, url: string, payload?: object) {
    let cookie = user ? cookies.get(user.id) : undefined;
    if (user && !cookie) {
      cookie = await signedInCookie(t.db, user, clock.now());
      cookies.set(user.id, cookie);
    }
    const response = await t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  }
  const quickCustomer = () => createCustomer(t.ctx, { password: undefined });
  async function add(user: { id: number }, place: object) {
    const { status, body } = await call(user, 'POST', '/api/addresses', place);
    expect(status, JSON.stringify(body)).toBe(201);
    return savedAddressSchema.parse(body);
  }
  const list = async (user: { id: number }) => (await call(user, 'GET', '/api/addresses')).body as SavedAddress[];
  const defaults = async (user: { id: number }) => (await list(user)).filter((p) => p.isDefault).map((p) => p.label);

  it("refuses every route to no one (401), detailers and admins (403), and answers 404 for another customer's place", async () => {
    const owner = await quickCustomer();
    const stranger = await quickCustomer();
    const admin = await createAdmin(t.ctx, { password: undefined });
    const detailer = (await createDetailer(t.ctx)).user;
    const place = await add(owner, home);
    const routes: [Method, string, object?][] = [
      ['GET', '/api/addresses'],
      ['POST', '/api/addresses', work],
      ['PATCH', `/api/addresses/${place.id}`, { label: 'Mine now' }],
      ['POST', `/api/addresses/${place.id}/default`],
      ['DELETE', `/api/addresses/${place.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).status, `${method} ${url} unsigned`).toBe(401);
      expect((await call(detailer, method, url, payload)).status, `${method} ${url} as detailer`).toBe(403);
      expect((await call(admin, method, url, payload)).status, `${method} ${url} as admin`).toBe(403);
    }
    for (const [method, url, payload] of routes.slice(2)) {
      const refused = await call(stranger, method, url, payload);
      expect(refused.status, `${method} ${url} as another customer`).toBe(404);
      expect(refused.body.message).toBe('Place not found');
    }
    expect(await list(stranger)).toEqual([]);
    // The owner's place is untouched by all of it.
    expect(await list(owner)).toEqual([place]);
    expect((await call(owner, 'PATCH', '/api/addresses/999999', { label: 'Gone' })).status).toBe(404);
  });

  it('stores a place located through the geocoder, lists it, edits it and deletes it', async () => {
    const customer = await quickCustomer();
    const place = await add(customer, { ...home, label: '  Home  ' });
    expect(place).toMatchObject({ ...home, isDefault: true, createdAt: clock.now().toISOString() });
    expect(place.latitude).toBeCloseTo(37.79, 1);
    expect(place.longitude).toBeCloseTo(-122.4, 1);

    const edited = await call(customer, 'PATCH', `/api/addresses/${place.id}`, { label: "Mum's", apt: '', zip: '10001', accessNotes: '' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ label: "Mum's", apt: '', zip: '10001', accessNotes: '', address: home.address, isDefault: true });
    expect(edited.body.latitude).toBeCloseTo(40.75, 1);
    expect((await call(customer, 'PATCH', `/api/addresses/${place.id}`, {})).status).toBe(400);

    expect(await call(customer, 'DELETE', `/api/addresses/${place.id}`)).toEqual({ status: 200, body: { deleted: true } });
    expect(await list(customer)).toEqual([]);
    expect((await call(customer, 'DELETE', `/api/addresses/${place.id}`)).status).toBe(404);
  });

  it('makes the first place the default, switches it in one move, and promotes the newest place when the default goes', async () => {
    const customer = await quickCustomer();
    const first = await add(customer, home);
    clock.advance(60_000);
    const second = await add(customer, work);
    clock.advance(60_000);
    const third = await add(customer, { ...work, label: 'Gym' });
    expect([first.isDefault, second.isDefault, third.isDefault]).toEqual([true, false, false]);
    // The default first, then the newest.
    expect((await list(customer)).map((p) => p.label)).toEqual(['Home', 'Gym', 'Work']);

    const switched = await call(customer, 'POST', `/api/addresses/${second.id}/default`);
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ id: second.id, isDefault: true });
    expect(await defaults(customer)).toEqual(['Work']);
    // Again on the default itself: nothing changes, still exactly one.
    expect((await call(customer, 'POST', `/api/addresses/${second.id}/default`)).status).toBe(200);
    expect(await defaults(customer)).toEqual(['Work']);

    // Deleting a place that is not the default leaves the default alone.
    await call(customer, 'DELETE', `/api/addresses/${first.id}`);
    expect(await defaults(customer)).toEqual(['Work']);
    // Deleting the default promotes the newest one left.
    await call(customer, 'DELETE', `/api/addresses/${second.id}`);
    expect(await defaults(customer)).toEqual(['Gym']);
    await call(customer, 'DELETE', `/api/addresses/${third.id}`);
    expect(await list(customer)).toEqual([]);
    // After an empty list, the next first place is the default again.
    expect((await add(customer, work)).isDefault).toBe(true);
  });

  it('keeps one default when two default switches and two first places race', async () => {
    const customer = await quickCustomer();
    const [a, b] = await Promise.all([add(customer, home), add(customer, work)]);
    expect([a!.isDefault, b!.isDefault].filter(Boolean)).toHaveLength(1);
    const results = await Promise.all([
      call(customer, 'POST', `/api/addresses/${a!.id}/default`),
      call(customer, 'POST', `/api/addresses/${b!.id}/default`),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const rows = await t.db.select().from(savedAddresses).where(eq(savedAddresses.customerId, customer.id));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('takes 5-digit ZIPs and ZIP+4, refuses other shapes and unknown ZIPs on the zip field', async () => {
    const customer = await quickCustomer();
    for (const zip of ['1234', '12345-678', '941050', 'abcde', '']) {
      const refused = await call(customer, 'POST', '/api/addresses', { ...home, zip });
      expect(refused.status, zip).toBe(400);
      expect(refused.body.fields.zip, zip).toBe('Enter a 5-digit ZIP code (or ZIP+4)');
    }
    expect((await add(customer, { ...home, zip: '94105' })).zip).toBe('94105');
    expect((await add(customer, { ...home, zip: '94105-1234' })).zip).toBe('94105-1234');
    const unknown = await call(customer, 'POST', '/api/addresses', { ...home, zip: '00000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.zip).toBe('We could not find ZIP code 00000. Check it and try again.');
    const place = (await list(customer))[0]!;
    const unknownEdit = await call(customer, 'PATCH', `/api/addresses/${place.id}`, { zip: '00000' });
    expect(unknownEdit.status).toBe(400);
    expect(unknownEdit.body.fields.zip).toBe('We could not find ZIP code 00000. Check it and try again.');
    expect((await list(customer)).map((p) => p.zip).sort()).toEqual(['94105', '94105-1234']);
  });

  it('bounds each field with a message naming it', async () => {
    const customer = await quickCustomer();
    const cases: [object, string, string][] = [
      [{ label: '' }, 'label', 'Give this place a label, like Home or Work'],
      [{ label: 'x'.repeat(41) }, 'label', 'Label must be at most 40 characters'],
      [{ address: ' ' }, 'address', 'Address is required'],
      [{ address: 'x'.repeat(201) }, 'address', 'Address must be at most 200 characters'],
      [{ apt: 'x'.repeat(41) }, 'apt', 'Apartment/Suite/Unit must be at most 40 characters'],
      [{ city: '' }, 'city', 'City is required'],
      [{ accessNotes: 'x'.repeat(501) }, 'accessNotes', 'Access notes must be at most 500 characters'],
    ];
    for (const [change, field, message] of cases) {
      const refused = await call(customer, 'POST', '/api/addresses', { ...home, ...change });
      expect(refused.status, field).toBe(400);
      expect(refused.body.fields[field]).toBe(message);
    }
    const longest = await add(customer, {
      ...home,
      label: 'x'.repeat(40),
      apt: 'y'.repeat(40),
      accessNotes: 'Line one\nline two'.padEnd(500, '.'),
    });
    expect(longest.accessNotes).toHaveLength(500);
  });
});
