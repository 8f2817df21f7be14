import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PlatformSettingsResponse } from '@core/schemas/platform-settings.ts';
import { detailerLedger, platformSettings } from '../../server/db/schema.ts';
import { syncEarnings } from '../../server/business/earnings-sync.ts';
import { createApiCaller } from '../factories/api-caller.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const booked = new Date('2026-11-23T16:00:00Z');
const url = '/api/admin/settings';

/** The admin's platform settings (decision 021, issue 19): the commission and the payout weekday. */
describe.each(databaseKinds)('platform settings on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { clock, completedPaidBooking } = t;
  const api = createApiCaller(() => t, clock);

  const read = async () => {
    const response = await api(t.admin, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlatformSettingsResponse>();
  };
  const row = async () => {
    const [settings] = await t.db.select().from(platformSettings).where(eq(platformSettings.id, 1));
    return settings!;
  };

  it('reads 15 % and Monday by default, and answers only admins (signed out 401, customers and detailers 403)', async () => {
    const settings = await read();
    expect(settings).toMatchObject({ commissionBasisPoints: 1500, payoutWeekday: 1 });
    expect(Object.keys(settings).sort()).toEqual([
      'changes',
      'commissionBasisPoints',
      'freeCancellationHours',
      'holdMinutes',
      'lateCancellationFeeCents',
      'payoutWeekday',
      'referralFriendCreditCents',
      'referralReferrerCreditCents',
      'requestTimeoutHours',
      'serviceFeeCents',
      'supportEmail',
      'taxRateBasisPoints',
      'updatedAt',
    ]);

    const customer = await createCustomer(t.ctx);
    const { user: detailer } = await createDetailer(t.ctx);
    for (const method of ['GET', 'PATCH'] as const) {
      const body = method === 'PATCH' ? { commissionBasisPoints: 100 } : undefined;
      expect((await api(null, method, url, body)).statusCode).toBe(401);
      expect((await api(customer, method, url, body)).statusCode).toBe(403);
      expect((await api(detailer, method, url, body)).statusCode).toBe(403);
    }
    expect((await row()).commissionBasisPoints).toBe(1500);
  });

  it('answers 400 naming the field, and changes nothing, for a commission or payout day out of range or not a whole number', async () => {
    const before = await row();
    const cases: [object, string, string][] = [
      [{ commissionBasisPoints: 5001 }, 'commissionBasisPoints', 'Commission must be between 0 % and 50 %'],
      [{ commissionBasisPoints: -1 }, 'commissionBasisPoints', 'Commission must be between 0 % and 50 %'],
      [{ commissionBasisPoints: 1.5 }, 'commissionBasisPoints', 'Commission must be between 0 % and 50 %'],
      [{ commissionBasisPoints: 'abc' }, 'commissionBasisPoints', 'Commission must be between 0 % and 50 %'],
      [{ payoutWeekday: 7 }, 'payoutWeekday', 'Payout day must be a weekday from Sunday (0) to Saturday (6)'],
      [{ payoutWeekday: -1 }, 'payoutWeekday', 'Payout day must be a weekday from Sunday (0) to Saturday (6)'],
      [{ payoutWeekday: 1.5 }, 'payoutWeekday', 'Payout day must be a weekday from Sunday (0) to Saturday (6)'],
      [{ payoutWeekday: 'abc' }, 'payoutWeekday', 'Payout day must be a weekday from Sunday (0) to Saturday (6)'],
      // One good field does not save while the other is wrong.
      [{ commissionBasisPoints: 1000, payoutWeekday: 9 }, 'payoutWeekday', 'Payout day must be a weekday from Sunday (0) to Saturday (6)'],
    ];
    for (const [body, field, message] of cases) {
      const response = await api(t.admin, 'PATCH', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields, JSON.stringify(body)).toEqual({ [field]: message });
    }
    const empty = await api(t.admin, 'PATCH', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to change');
    expect(await row()).toEqual(before);
  });

  it('saves what is sent, stamped with the time and the admin, and keeps what is not', async () => {
    clock.set(new Date('2026-11-25T10:00:00Z'));
    const saved = await api(t.admin, 'PATCH', url, { commissionBasisPoints: 2000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ commissionBasisPoints: 2000, payoutWeekday: 1, updatedAt: '2026-11-25T10:00:00.000Z' });
    expect(await row()).toMatchObject({ commissionBasisPoints: 2000, payoutWeekday: 1, updatedByUserId: t.admin.id });

    const both = await api(t.admin, 'PATCH', url, { commissionBasisPoints: 0, payoutWeekday: 5 });
    expect(both.json()).toMatchObject({ commissionBasisPoints: 0, payoutWeekday: 5 });
    expect(await read()).toMatchObject({ commissionBasisPoints: 0, payoutWeekday: 5 });
    const limits = await api(t.admin, 'PATCH', url, { commissionBasisPoints: 5000, payoutWeekday: 0 });
    expect(limits.json()).toMatchObject({ commissionBasisPoints: 5000, payoutWeekday: 0 });

    // Back to the defaults for the next test.
    const back = await api(t.admin, 'PATCH', url, { commissionBasisPoints: 1500, payoutWeekday: 1 });
    expect(back.json()).toMatchObject({ commissionBasisPoints: 1500, payoutWeekday: 1 });
  });

  it('makes the row when it is missing, with the defaults for what was not sent', async () => {
    await t.db.delete(platformSettings).where(eq(platformSettings.id, 1));
    expect(await read()).toMatchObject({ commissionBasisPoints: 1500, payoutWeekday: 1, serviceFeeCents: 1500, taxRateBasisPoints: 800 });
    await t.db.delete(platformSettings).where(eq(platformSettings.id, 1));
    const saved = await api(t.admin, 'PATCH', url, { payoutWeekday: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ commissionBasisPoints: 1500, payoutWeekday: 3 });
    expect(await row()).toMatchObject({ id: 1, commissionBasisPoints: 1500, payoutWeekday: 3, updatedByUserId: t.admin.id });
    await api(t.admin, 'PATCH', url, { payoutWeekday: 1 });
  });

  it('applies a new commission to jobs synced after the change; rows synced before keep theirs', async () => {
    const detailer = await createDetailer(t.ctx);
    const first = await completedPaidBooking({ detailer, booking: { startsAt: new Date('2026-11-26T17:00:00Z') } });
    await syncEarnings(t.db, clock.now());

    const changed = await api(t.admin, 'PATCH', url, { commissionBasisPoints: 2500 });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const second = await completedPaidBooking({ detailer, booking: { startsAt: new Date('2026-11-27T17:00:00Z') } });
      await syncEarnings(t.db, clock.now());
      const rows = await t.db
        .select({
          bookingId: detailerLedger.bookingId,
          grossCents: detailerLedger.grossCents,
          commissionCents: detailerLedger.commissionCents,
        })
        .from(detailerLedger)
        .where(eq(detailerLedger.detailerId, detailer.detailerId))
        .orderBy(detailerLedger.id);
      // $59.00 each: 15 % before the change, 25 % after.
      expect(rows).toEqual([
        { bookingId: first.booking.id, grossCents: 5900, commissionCents: 885 },
        { bookingId: second.booking.id, grossCents: 5900, commissionCents: 1475 },
      ]);
    } finally {
      await api(t.admin, 'PATCH', url, { commissionBasisPoints: 1500 });
    }
  });
});
