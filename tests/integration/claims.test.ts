import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminClaim, Claim } from '@core/schemas/claim.ts';
import { claims, notifications, payments } from '../../server/db/schema.ts';
import { createMemoryStorage } from '../../server/storage/object-storage.ts';
import { createUpload } from '../../server/uploads/upload-service.ts';
import {
  claimAlreadyOpenMessage,
  claimClosedMessage,
  claimNotCompletedMessage,
  claimWindowClosedMessage,
} from '../../server/claims/claim-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { tinyJpeg } from '../factories/proof-of-service.ts';
import { databaseKinds } from './test-app.ts';

const booked = new Date('2026-11-23T16:00:00Z');
const hour = 3_600_000;
const description = 'The wheels were left dirty and there is a scratch on the door.';

/** 'Report a problem' (decision 020, Claims): the customer's window, one open claim, admins' refunds bounded. */
describe.each(databaseKinds)('claims on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { clock, call, paidBooking, completedPaidBooking } = t;
  const storage = createMemoryStorage();

  const report = (user: UserRow, bookingId: number, payload: object) => call(user, 'POST', `/api/bookings/${bookingId}/claims`, payload);
  const claimRows = (bookingId: number) => t.db.select().from(claims).where(eq(claims.bookingId, bookingId));
  const refunds = async (bookingId: number) =>
    (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).filter(
      (r) => r.kind === 'refund' && r.status === 'succeeded',
    );
  const upload = async (user: UserRow) => createUpload(t.db, storage, user, await tinyJpeg());

  it("takes a report with the customer's own photos, tells the detailer and shows it to the customer and admins", async () => {
    const { customer, booking, detailer } = await completedPaidBooking();
    const photo = await upload(customer);
    const created = await report(customer, booking.id, { description, uploadIds: [photo.id] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'open',
      description,
      photos: [{ uploadId: photo.id, url: `/api/uploads/${photo.id}` }],
    });
    const listed = (await call(customer, 'GET', `/api/bookings/${booking.id}/claims`)).json() as Claim[];
    expect(listed.map((c) => c.status)).toEqual(['open']);
    expect((await call(t.admin, 'GET', `/api/bookings/${booking.id}/claims`)).statusCode).toBe(200);
    expect((await call(detailer.user, 'GET', `/api/bookings/${booking.id}/claims`)).statusCode).toBe(404);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, detailer.user.id));
    expect(notices.map((n) => n.title)).toContain('Problem reported');
    // Admins may read the photo (the upload rule's admin case).
    const queue = (await call(t.admin, 'GET', '/api/admin/claims?status=open')).json() as AdminClaim[];
    expect(queue.find((c) => c.bookingId === booking.id)).toMatchObject({ refundableCents: 7872, customerName: expect.any(String) });
  });

  it("refuses strangers (404), bad input (400, nothing written), photos that are not the customer's, and a second open claim (409)", async () => {
    const { customer, booking, detailer } = await completedPaidBooking();
    const stranger = await createCustomer(t.ctx, { password: undefined });
    for (const user of [stranger, detailer.user, t.admin]) {
      expect((await report(user, booking.id, { description })).statusCode).toBe(404);
    }
    const short = await report(customer, booking.id, { description: 'bad' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('description');
    const tooMany = await report(customer, booking.id, { description, uploadIds: [1, 2, 3, 4, 5, 6, 7] });
    expect(tooMany.json().fields).toHaveProperty('uploadIds');
    const theirs = await upload(stranger);
    const notMine = await report(customer, booking.id, { description, uploadIds: [theirs.id] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fields).toHaveProperty('uploadIds');
    expect(await claimRows(booking.id)).toEqual([]);

    expect((await report(customer, booking.id, { description })).statusCode).toBe(201);
    const second = await report(customer, booking.id, { description });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(claimAlreadyOpenMessage);
  });

  it('is open for 48 hours after completion, and not before it', async () => {
    const requested = await paidBooking();
    const early = await report(requested.customer, requested.booking.id, { description });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(claimNotCompletedMessage);
    const { customer, booking } = await completedPaidBooking();
    clock.advance(48 * hour);
    const late = await report(customer, booking.id, { description });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(claimWindowClosedMessage);
    expect(await claimRows(booking.id)).toEqual([]);
  });

  it('resolves with a partial refund bounded by what is left; above it is 400 and the claim stays open', async () => {
    const { customer, booking } = await completedPaidBooking();
    const claim = (await report(customer, booking.id, { description })).json() as Claim;
    expect((await call(customer, 'POST', `/api/admin/claims/${claim.id}/resolve`, { refundCents: 100, note: 'x' })).statusCode).toBe(403);
    expect((await call(customer, 'GET', '/api/admin/claims')).statusCode).toBe(403);
    expect((await call(t.admin, 'POST', `/api/admin/claims/${claim.id}/resolve`, { refundCents: 0, note: 'x' })).statusCode).toBe(400);
    expect((await call(t.admin, 'POST', '/api/admin/claims/999999/resolve', { note: 'x' })).statusCode).toBe(404);

    const tooMuch = await call(t.admin, 'POST', `/api/admin/claims/${claim.id}/resolve`, { refundCents: 7873, note: 'Sorry' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('At most $78.72 can be refunded.');
    expect((await claimRows(booking.id))[0]).toMatchObject({ status: 'open', refundCents: null, resolvedAt: null });
    expect(await refunds(booking.id)).toEqual([]);

    const resolved = await call(t.admin, 'POST', `/api/admin/claims/${claim.id}/resolve`, {
      refundCents: 2500,
      note: 'Sorry about the wheels.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', refundCents: 2500, resolutionNote: 'Sorry about the wheels.' });
    expect((await refunds(booking.id)).map((r) => r.amountCents)).toEqual([2500]);
    const again = await call(t.admin, 'POST', `/api/admin/claims/${claim.id}/resolve`, { refundCents: 2500, note: 'Twice?' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(claimClosedMessage);
    expect((await refunds(booking.id)).map((r) => r.amountCents)).toEqual([2500]);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, customer.id));
    expect(notices.map((n) => n.title)).toContain('Your report was resolved');

    // A new claim on the same booking can give back at most what is left.
    const next = (await report(customer, booking.id, { description })).json() as Claim;
    const queue = (await call(t.admin, 'GET', '/api/admin/claims?status=open')).json() as AdminClaim[];
    expect(queue.find((c) => c.id === next.id)?.refundableCents).toBe(7872 - 2500);
    expect((await call(t.admin, 'POST', `/api/admin/claims/${next.id}/resolve`, { refundCents: 7872 - 2499, note: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(t.admin, 'POST', `/api/admin/claims/${next.id}/resolve`, { refundCents: 7872 - 2500, note: 'The rest.' })).statusCode,
    ).toBe(200);
  });

  it('rejects with a note and no money', async () => {
    const { customer, booking } = await completedPaidBooking();
    const claim = (await report(customer, booking.id, { description })).json() as Claim;
    expect((await call(t.admin, 'POST', `/api/admin/claims/${claim.id}/reject`, {})).json().fields).toHaveProperty('note');
    const rejected = await call(t.admin, 'POST', `/api/admin/claims/${claim.id}/reject`, { note: 'The photos show a clean car.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', refundCents: 0, resolutionNote: 'The photos show a clean car.' });
    expect(await refunds(booking.id)).toEqual([]);
    expect((await call(t.admin, 'POST', `/api/admin/claims/${claim.id}/reject`, { note: 'again' })).statusCode).toBe(409);
  });
});
