import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { AdminNotification } from '@core/schemas/marketing.ts';
import { adminNotifications, notifications, users } from '../../server/db/schema.ts';
import { createApiCaller } from '../factories/api-caller.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const booked = new Date('2026-11-23T16:00:00Z');

/** /admin/notifications (issue 19): a one-off notice to one user or an audience, and the list of those sent. */
describe.each(databaseKinds)('admin notifications on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const api = createApiCaller(() => t, t.clock);
  const alertsOf = (ids: number[]) =>
    t.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), eq(notifications.type, 'alert')));

  it('sends to one user by email (any case) or to everyone in an audience, and lists what was sent', async () => {
    const one = await createCustomer(t.ctx, { password: undefined });
    const sent = await api(t.admin, 'POST', '/api/admin/notifications', {
      email: one.email.toUpperCase(),
      title: 'Heads up',
      message: 'We are closed on Friday.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ to: one.email, recipientCount: 1 });
    expect(await alertsOf([one.id])).toMatchObject([{ title: 'Heads up', message: 'We are closed on Friday.' }]);

    const group = [await createCustomer(t.ctx, { password: undefined }), await createCustomer(t.ctx, { password: undefined })];
    const day = '2002-02-02';
    await t.db
      .update(users)
      .set({ createdAt: new Date(`${day}T10:00:00Z`) })
      .where(
        inArray(
          users.id,
          group.map((g) => g.id),
        ),
      );
    const audience = (
      await api(t.admin, 'POST', '/api/admin/audiences', { name: `Group ${Date.now()}`, rules: { signedUpFrom: day, signedUpTo: day } })
    ).json();
    const toAudience = await api(t.admin, 'POST', '/api/admin/notifications', {
      audienceId: audience.id,
      title: 'New services',
      message: 'Ceramic coating is here.',
    });
    expect(toAudience.json()).toMatchObject({ to: audience.name, recipientCount: 2 });
    expect((await alertsOf(group.map((g) => g.id))).map((n) => n.userId).sort()).toEqual(group.map((g) => g.id).sort());

    const listed = (await api(t.admin, 'GET', '/api/admin/notifications')).json() as AdminNotification[];
    expect(listed[0]).toMatchObject({ title: 'New services', to: audience.name, recipientCount: 2, sentBy: t.admin.name });
  });

  it('refuses an unknown email, an unknown audience, both or neither, and writes nothing', async () => {
    const before = (await t.db.select().from(adminNotifications)).length;
    for (const bad of [
      { email: 'nobody@example.com', title: 't', message: 'm' },
      { audienceId: 999999, title: 't', message: 'm' },
      { email: 'a@example.com', audienceId: 1, title: 't', message: 'm' },
      { title: 't', message: 'm' },
      { email: 'a@example.com', title: '', message: 'm' },
    ]) {
      expect((await api(t.admin, 'POST', '/api/admin/notifications', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.db.select().from(adminNotifications)).length).toBe(before);
  });

  it('refuses both routes to customers, detailers and the signed-out', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const { user: detailer } = await createDetailer(t.ctx);
    for (const method of ['GET', 'POST'] as const) {
      const body = { email: customer.email, title: 't', message: 'm' };
      expect((await api(null, method, '/api/admin/notifications', body)).statusCode).toBe(401);
      expect((await api(customer, method, '/api/admin/notifications', body)).statusCode).toBe(403);
      expect((await api(detailer, method, '/api/admin/notifications', body)).statusCode).toBe(403);
    }
    expect(await alertsOf([customer.id])).toHaveLength(0);
  });
});
