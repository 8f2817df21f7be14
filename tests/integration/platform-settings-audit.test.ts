import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import type { PlatformSettingsResponse, PublicSettings } from '@core/schemas/platform-settings.ts';
import { bookings, platformSettingChanges, platformSettings } from '../../server/db/schema.ts';
import { expireStaleRequests } from '../../server/bookings/booking-transitions.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createApiCaller } from '../factories/api-caller.ts';
import { bookingRequest, createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

const url = '/api/admin/settings';
const hour = 3_600_000;
const spec = {
  serviceFeeCents: 1500,
  taxRateBasisPoints: 800,
  freeCancellationHours: 24,
  lateCancellationFeeCents: 1500,
  holdMinutes: 15,
  requestTimeoutHours: 12,
  referralFriendCreditCents: 1000,
  referralReferrerCreditCents: 1000,
  supportEmail: 'support@glossly.app',
};

/**
 * Every platform setting in the database with its audit (decision 022, issue 19): a change prices and terms new
 * bookings only, each changed field is one audit row, ranges are refused with nothing changed.
 */
describe.each(databaseKinds)('platform settings and their audit on %s', (kind) => {
  let t: TestApp;
  let admin: UserRow;
  // Monday 2026-11-23, 8:00 AM in Los Angeles.
  const clock = createTestClock(new Date('2026-11-23T16:00:00Z'));
  const api = createApiCaller(() => t, clock);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = await createAdmin(t.ctx, { password: undefined });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(new Date('2026-11-23T16:00:00Z'));
    await t.db.update(platformSettings).set(spec).where(eq(platformSettings.id, 1));
  });

  const patch = (body: object, by: UserRow | null = admin) => api(by, 'PATCH', url, body);
  const auditRows = () => t.db.select().from(platformSettingChanges).orderBy(asc(platformSettingChanges.id));
  const settingsRow = async () => (await t.db.select().from(platformSettings).where(eq(platformSettings.id, 1)))[0]!;
  const book = async (customer: UserRow, detailer: Awaited<ReturnType<typeof createDetailer>>, date: string, time: string) => {
    const response = await api(customer, 'POST', '/api/bookings', bookingRequest(detailer, date, time));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Booking>();
  };

  it('answers the public settings to anyone, signed in or not, and only those', async () => {
    const response = await api(null, 'GET', '/api/settings/public');
    expect(response.statusCode).toBe(200);
    // And which card form checkout draws before its intent: this app pays with the built-in test gateway.
    expect(response.json<PublicSettings>()).toEqual({ ...spec, paymentGateway: 'test' });
    expect((await patch({ serviceFeeCents: 1999, supportEmail: 'help@glossly.app' })).statusCode).toBe(200);
    expect((await api(null, 'GET', '/api/settings/public')).json()).toMatchObject({
      serviceFeeCents: 1999,
      supportEmail: 'help@glossly.app',
    });
  });

  it('writes one audit row per changed field (old -> new, who, when), none for a field sent unchanged', async () => {
    const before = (await auditRows()).length;
    clock.set(new Date('2026-11-24T09:30:00Z'));
    const saved = await patch({ serviceFeeCents: 1750, taxRateBasisPoints: 925, holdMinutes: 15, supportEmail: ' ops@glossly.app ' });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json<PlatformSettingsResponse>();
    expect(body).toMatchObject({ serviceFeeCents: 1750, taxRateBasisPoints: 925, holdMinutes: 15, supportEmail: 'ops@glossly.app' });
    const rows = (await auditRows()).slice(before);
    expect(rows.map(({ setting, oldValue, newValue, changedByUserId }) => ({ setting, oldValue, newValue, changedByUserId }))).toEqual([
      { setting: 'serviceFeeCents', oldValue: '1500', newValue: '1750', changedByUserId: admin.id },
      { setting: 'taxRateBasisPoints', oldValue: '800', newValue: '925', changedByUserId: admin.id },
      { setting: 'supportEmail', oldValue: 'support@glossly.app', newValue: 'ops@glossly.app', changedByUserId: admin.id },
    ]);
    expect(rows.every((row) => row.createdAt.toISOString() === '2026-11-24T09:30:00.000Z')).toBe(true);
    // The screen's list: newest first, with the admin's name.
    const listed = (await api(admin, 'GET', url)).json<PlatformSettingsResponse>().changes;
    expect(
      listed
        .slice(0, 3)
        .map((c) => c.setting)
        .sort(),
    ).toEqual(['serviceFeeCents', 'supportEmail', 'taxRateBasisPoints']);
    expect(listed[0]).toMatchObject({ changedBy: admin.name, createdAt: '2026-11-24T09:30:00.000Z' });
    // Sending the same numbers again changes nothing and logs nothing.
    expect((await patch({ serviceFeeCents: 1750 })).statusCode).toBe(200);
    expect((await auditRows()).length).toBe(before + 3);
  });

  it('logs a true chain when admins save at once: each row starts where the one before ended', async () => {
    const second = await createAdmin(t.ctx, { password: undefined });
    const before = (await auditRows()).length;
    const fees = [1600, 1700, 1800, 1900, 2000, 2100];
    const results = await Promise.all(fees.map((fee, i) => patch({ serviceFeeCents: fee }, i % 2 ? second : admin)));
    expect(results.map((r) => r.statusCode)).toEqual(fees.map(() => 200));
    const rows = (await auditRows()).slice(before);
    expect(rows).toHaveLength(fees.length);
    let value = '1500';
    for (const row of rows) {
      expect(row.oldValue).toBe(value);
      value = row.newValue;
    }
    expect(String((await settingsRow()).serviceFeeCents)).toBe(value);
  });

  it('refuses each setting out of its range with a 400 naming the field, and changes and logs nothing', async () => {
    const before = { row: await settingsRow(), audit: (await auditRows()).length };
    const cases: [object, string][] = [
      [{ serviceFeeCents: 10_001 }, 'serviceFeeCents'],
      [{ serviceFeeCents: -1 }, 'serviceFeeCents'],
      [{ serviceFeeCents: 15.5 }, 'serviceFeeCents'],
      [{ taxRateBasisPoints: 2_501 }, 'taxRateBasisPoints'],
      [{ freeCancellationHours: 169 }, 'freeCancellationHours'],
      [{ lateCancellationFeeCents: -100 }, 'lateCancellationFeeCents'],
      [{ holdMinutes: 4 }, 'holdMinutes'],
      [{ holdMinutes: 61 }, 'holdMinutes'],
      [{ requestTimeoutHours: 0 }, 'requestTimeoutHours'],
      [{ requestTimeoutHours: 73 }, 'requestTimeoutHours'],
      [{ referralFriendCreditCents: 10_001 }, 'referralFriendCreditCents'],
      [{ referralReferrerCreditCents: 'ten' }, 'referralReferrerCreditCents'],
      [{ supportEmail: 'not an email' }, 'supportEmail'],
      [{ supportEmail: '' }, 'supportEmail'],
      // One good field does not save while another is wrong.
      [{ serviceFeeCents: 100, taxRateBasisPoints: 9_999 }, 'taxRateBasisPoints'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields), JSON.stringify(body)).toEqual([field]);
    }
    expect((await patch({ serviceFeeCents: 10_001 })).json().message).toBe('Service fee must be between $0.00 and $100.00');
    expect((await patch({ holdMinutes: 2 })).json().message).toBe('Hold time must be between 5 and 60 minutes');
    expect((await patch({ bogus: 1 })).statusCode).toBe(400);
    expect(await settingsRow()).toEqual(before.row);
    expect((await auditRows()).length).toBe(before.audit);
  });

  it('refuses customers, detailers and signed-out callers on the admin route, before reading the body', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const { user: detailer } = await createDetailer(t.ctx);
    for (const [user, status] of [
      [null, 401],
      [customer, 403],
      [detailer, 403],
    ] as const) {
      expect((await api(user, 'GET', url)).statusCode).toBe(status);
      expect((await patch({ serviceFeeCents: 0 }, user)).statusCode).toBe(status);
      expect((await patch({ serviceFeeCents: 'garbage' }, user)).statusCode).toBe(status);
    }
    expect((await settingsRow()).serviceFeeCents).toBe(1500);
  });

  it('prices and terms new bookings only: one made before keeps its fee, tax rate, hold and cancellation terms', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    // Tuesday 10:00 AM in Los Angeles: 26 hours ahead.
    const before = await book(customer, detailer, '2026-11-24', '10:00 AM');
    expect(before).toMatchObject({
      priceCents: 5900,
      serviceFeeCents: 1500,
      taxCents: 472,
      totalCents: 7872,
      freeCancellationHours: 24,
      lateCancellationFeeCents: 1500,
    });
    expect(before.holdExpiresAt).toBe('2026-11-23T16:15:00.000Z');

    const changed = await patch({
      serviceFeeCents: 2000,
      taxRateBasisPoints: 1000,
      freeCancellationHours: 48,
      lateCancellationFeeCents: 2500,
      holdMinutes: 30,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // Wednesday 10:00 AM: 50 hours ahead.
    const after = await book(customer, detailer, '2026-11-25', '10:00 AM');
    expect(after).toMatchObject({
      priceCents: 5900,
      serviceFeeCents: 2000,
      taxCents: 590,
      totalCents: 8490,
      freeCancellationHours: 48,
      lateCancellationFeeCents: 2500,
    });
    expect(after.holdExpiresAt).toBe('2026-11-23T16:30:00.000Z');
    const reread = (await api(customer, 'GET', `/api/bookings/${before.id}`)).json<Booking>();
    expect(reread).toMatchObject({
      serviceFeeCents: 1500,
      taxCents: 472,
      totalCents: 7872,
      freeCancellationHours: 24,
      lateCancellationFeeCents: 1500,
    });

    // Tuesday 8:00 AM: the first starts in 2 hours (inside its own 24), the second in 26 (inside its own 48).
    await t.db.update(bookings).set({ status: 'requested', holdExpiresAt: null }).where(eq(bookings.customerId, customer.id));
    clock.set(new Date('2026-11-24T16:00:00Z'));
    const first = await api(customer, 'POST', `/api/bookings/${before.id}/cancel`, {});
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(
      'Cancelling less than 24 hours before the start costs the $15.00 late cancellation fee. Confirm to cancel.',
    );
    const second = await api(customer, 'POST', `/api/bookings/${after.id}/cancel`, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Cancelling less than 48 hours before the start costs the $25.00 late cancellation fee. Confirm to cancel.',
    );
    expect((await api(customer, 'GET', `/api/bookings/${after.id}`)).json()).toMatchObject({ cancellationFeeCents: 2500 });
  });

  it('expires requests after the request timeout the settings hold now', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    const made = clock.now();
    const request = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'requested',
      createdAt: made,
      startsAt: new Date(made.getTime() + 72 * hour),
    });
    const statusOf = async () =>
      (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, request.id)))[0]!.status;
    // Two hours on: inside the spec's 12.
    await expireStaleRequests(t.ctx, new Date(made.getTime() + 2 * hour));
    expect(await statusOf()).toBe('requested');
    expect((await patch({ requestTimeoutHours: 1 })).statusCode).toBe(200);
    await expireStaleRequests(t.ctx, new Date(made.getTime() + 2 * hour));
    expect(await statusOf()).toBe('expired');
  });
});

describe('the public settings with Stripe', () => {
  it("name Stripe as the gateway when the server pays with it: checkout then waits for Stripe's form", async () => {
    const stripe = await createTestApp('pglite', {
      env: { PAYMENTS_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_glossly', STRIPE_PUBLISHABLE_KEY: 'pk_test_glossly' },
    });
    try {
      const response = await stripe.app.inject({ method: 'GET', url: '/api/settings/public' });
      expect(response.statusCode).toBe(200);
      expect(response.json<PublicSettings>()).toEqual({ ...spec, paymentGateway: 'stripe' });
    } finally {
      await stripe.close();
    }
  });
});
