import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleSchema, type Vehicle } from '@core/schemas/vehicle.ts';
import { uploads, vehicles } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const rav4 = {
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  color: 'Blue',
  licensePlate: '8abc123',
  vehicleType: 'SUV',
  nickname: 'Blue one',
};
const civic = { make: 'Honda', model: 'Civic', year: 2018, vehicleType: 'Sedan' };

describe.each(databaseKinds)('My Cars API on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const cookies = new Map<number, string>();
  const cast = {} as { owner: UserRow; other: UserRow; admin: UserRow; detailer: UserRow };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    cast.owner = await createCustomer(t.ctx, { password: undefined });
    cast.other = await createCustomer(t.ctx, { password: undefined });
    cast.admin = await createAdmin(t.ctx, { password: undefined });
    cast.detailer = (await createDetailer(t.ctx)).user;
  });
  afterAll(() => t?.close());

  async function call(user: UserRow | null, method: Method, url: string, payload?: object) {
    let cookie: string | undefined;
    if (user) {
      cookie = cookies.get(user.id) ?? (await signedInCookie(t.db, user, clock.now()));
      cookies.set(user.id, cookie);
    }
    return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  }

  async function addCar(user: UserRow, body: object = rav4): Promise<Vehicle> {
    const response = await call(user, 'POST', '/api/vehicles', body);
    expect(response.statusCode, response.body).toBe(201);
    return vehicleSchema.parse(response.json());
  }

  const list = async (user: UserRow) => (await call(user, 'GET', '/api/vehicles')).json() as Vehicle[];
  const carRows = (user: UserRow) => t.db.select().from(vehicles).where(eq(vehicles.customerId, user.id)).orderBy(vehicles.id);
  const freshCustomer = () => createCustomer(t.ctx, { password: undefined });

  async function insertUpload(owner: UserRow) {
    const [row] = await t.db
      .insert(uploads)
      .values({
        ownerUserId: owner.id,
        storageKey: `uploads/test-${randomBytes(6).toString('hex')}`,
        widths: [320],
        width: 320,
        height: 240,
        byteSize: 1000,
      })
      .returning();
    return row!;
  }

  describe('who may do what', () => {
    const routes: [string, Method, (id: number) => string, object | undefined][] = [
      ['list', 'GET', () => '/api/vehicles', undefined],
      ['add', 'POST', () => '/api/vehicles', civic],
      ['edit', 'PATCH', (id) => `/api/vehicles/${id}`, { color: 'Red' }],
      ['delete', 'DELETE', (id) => `/api/vehicles/${id}`, undefined],
      ['make default', 'POST', (id) => `/api/vehicles/${id}/default`, undefined],
    ];

    it.each(routes)('%s: 401 signed out, 403 for a detailer and an admin', async (_name, method, url, body) => {
      const car = await addCar(cast.owner, civic);
      expect((await call(null, method, url(car.id), body)).statusCode).toBe(401);
      expect((await call(cast.detailer, method, url(car.id), body)).statusCode).toBe(403);
      expect((await call(cast.admin, method, url(car.id), body)).statusCode).toBe(403);
      expect((await carRows(cast.owner)).find((row) => row.id === car.id)).toMatchObject({ color: '', make: 'Honda' });
    });

    it.each(routes.slice(2))("%s: another customer's car is 404 and stays as it was", async (_name, method, url, body) => {
      const car = await addCar(cast.owner, { ...civic, color: 'Grey' });
      const before = (await carRows(cast.owner)).find((row) => row.id === car.id);
      const response = await call(cast.other, method, url(car.id), body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', message: 'Car not found' });
      expect((await carRows(cast.owner)).find((row) => row.id === car.id)).toEqual(before);
    });

    it("lists only the caller's cars", async () => {
      const mine = await freshCustomer();
      const theirs = await freshCustomer();
      await addCar(mine);
      await addCar(theirs, civic);
      const cars = await list(mine);
      expect(cars.map((car) => car.model)).toEqual(['RAV4']);
      expect(await list(await freshCustomer())).toEqual([]);
    });
  });

  describe('adding and editing', () => {
    it('answers the car as added, with the plate in capitals and no photo', async () => {
      const customer = await freshCustomer();
      const car = await addCar(customer);
      expect(car).toMatchObject({ ...rav4, licensePlate: '8ABC123', photoUploadId: null, photoUrl: null, isDefault: true });
    });

    it('edits only the fields sent, and clears a colour sent empty', async () => {
      const customer = await freshCustomer();
      const car = await addCar(customer);
      const response = await call(customer, 'PATCH', `/api/vehicles/${car.id}`, { color: '', year: 2022 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ ...rav4, licensePlate: '8ABC123', color: '', year: 2022 });
    });

    it.each([
      ['a year of 1900', { year: 1900 }, 'year', 'Year must be between 1950 and'],
      ['a year past next year', { year: new Date().getFullYear() + 2 }, 'year', 'Year must be between 1950 and'],
      ['no year', { year: undefined }, 'year', 'Year is required'],
      ['an unknown type', { vehicleType: 'Spaceship' }, 'vehicleType', 'Vehicle type must be one of Sedan, SUV, Truck, Van, Luxury/Sports'],
      ['a 41-character make', { make: 'M'.repeat(41) }, 'make', 'Make must be at most 40 characters'],
      ['an empty model', { model: '  ' }, 'model', 'Model is required'],
      ['a 13-character plate', { licensePlate: 'A'.repeat(13) }, 'licensePlate', 'License plate must be at most 12 characters'],
      ['a 31-character colour', { color: 'c'.repeat(31) }, 'color', 'Colour must be at most 30 characters'],
      ['a 41-character nickname', { nickname: 'n'.repeat(41) }, 'nickname', 'Nickname must be at most 40 characters'],
    ])('refuses %s with 400 naming the field, and changes nothing', async (_name, change, field, message) => {
      const customer = await freshCustomer();
      const car = await addCar(customer);
      const before = await carRows(customer);

      const added = await call(customer, 'POST', '/api/vehicles', { ...rav4, ...change });
      expect(added.statusCode).toBe(400);
      expect(added.json().fields[field]).toContain(message);

      // A PATCH may leave the year out; every other bad value is refused there too.
      if (!('year' in change && change.year === undefined)) {
        const edited = await call(customer, 'PATCH', `/api/vehicles/${car.id}`, change);
        expect(edited.statusCode).toBe(400);
        expect(edited.json().fields[field]).toContain(message);
      }
      expect(await carRows(customer)).toEqual(before);
    });

    it('takes a photo the caller uploaded and answers its url; null removes it', async () => {
      const customer = await freshCustomer();
      const upload = await insertUpload(customer);
      const car = await addCar(customer, { ...civic, photoUploadId: upload.id });
      expect(car).toMatchObject({ photoUploadId: upload.id, photoUrl: `/api/uploads/${upload.id}` });
      const cleared = await call(customer, 'PATCH', `/api/vehicles/${car.id}`, { photoUploadId: null });
      expect(cleared.json()).toMatchObject({ photoUploadId: null, photoUrl: null });
    });

    it("refuses another user's upload (400 on photoUploadId) when adding or editing, and changes nothing", async () => {
      const customer = await freshCustomer();
      const stranger = await freshCustomer();
      const theirs = await insertUpload(stranger);
      const car = await addCar(customer, civic);
      const before = await carRows(customer);

      const added = await call(customer, 'POST', '/api/vehicles', { ...civic, photoUploadId: theirs.id });
      expect(added.statusCode).toBe(400);
      expect(added.json().fields).toHaveProperty('photoUploadId');
      const edited = await call(customer, 'PATCH', `/api/vehicles/${car.id}`, { photoUploadId: theirs.id });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().fields).toHaveProperty('photoUploadId');
      const missing = await call(customer, 'PATCH', `/api/vehicles/${car.id}`, { photoUploadId: 2_000_000_000 });
      expect(missing.statusCode).toBe(400);
      expect(await carRows(customer)).toEqual(before);
    });
  });

  describe('the default car', () => {
    it('makes the first car the default, not the next ones, and lists the default first', async () => {
      const customer = await freshCustomer();
      const first = await addCar(customer, civic);
      const second = await addCar(customer);
      expect(first.isDefault).toBe(true);
      expect(second.isDefault).toBe(false);
      expect((await list(customer)).map((car) => [car.id, car.isDefault])).toEqual([
        [first.id, true],
        [second.id, false],
      ]);
    });

    it('switches the default in one move, leaving exactly one', async () => {
      const customer = await freshCustomer();
      const first = await addCar(customer, civic);
      const second = await addCar(customer);
      const response = await call(customer, 'POST', `/api/vehicles/${second.id}/default`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: second.id, isDefault: true });
      const rows = await carRows(customer);
      expect(rows.filter((row) => row.isDefault).map((row) => row.id)).toEqual([second.id]);
      // Making the default the default again changes nothing.
      expect((await call(customer, 'POST', `/api/vehicles/${second.id}/default`)).statusCode).toBe(200);
      expect((await list(customer))[0]!.id).toBe(second.id);
      expect((await list(customer)).find((car) => car.id === first.id)!.isDefault).toBe(false);
    });

    it('keeps one default when switches race', async () => {
      const customer = await freshCustomer();
      const cars = [await addCar(customer, civic), await addCar(customer), await addCar(customer, { ...civic, model: 'Accord' })];
      const responses = await Promise.all(cars.map((car) => call(customer, 'POST', `/api/vehicles/${car.id}/default`)));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect((await carRows(customer)).filter((row) => row.isDefault)).toHaveLength(1);
    });

    it('promotes the newest car left when the default is deleted; deleting another keeps the default', async () => {
      const customer = await freshCustomer();
      const oldest = await addCar(customer, civic);
      const middle = await addCar(customer, { ...civic, model: 'Accord' });
      clock.advance(60_000);
      const newest = await addCar(customer);
      clock.advance(60_000);
      const spare = await addCar(customer, { ...civic, model: 'Insight' });
      clock.advance(60_000);

      expect((await call(customer, 'DELETE', `/api/vehicles/${spare.id}`)).statusCode).toBe(200);
      expect((await carRows(customer)).filter((row) => row.isDefault).map((row) => row.id)).toEqual([oldest.id]);

      const deleted = await call(customer, 'DELETE', `/api/vehicles/${oldest.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await list(customer)).map((car) => [car.id, car.isDefault])).toEqual([
        [newest.id, true],
        [middle.id, false],
      ]);

      for (const car of [newest, middle]) expect((await call(customer, 'DELETE', `/api/vehicles/${car.id}`)).statusCode).toBe(200);
      expect(await list(customer)).toEqual([]);
      expect((await addCar(customer, civic)).isDefault).toBe(true);
    });
  });
});
