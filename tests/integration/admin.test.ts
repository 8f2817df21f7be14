import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCustomer, createDetailer, testPassword } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, sessionCookie, type TestApp } from './test-app.ts';

type Json = Record<string, unknown>;
type ListedUser = { id: number; name: string; username: string; email: string; role: string; isDisabled: boolean; createdAt: string };

describe.each(databaseKinds)('admin users on %s', (kind) => {
  let t: TestApp;
  let address = 0;
  let adminCookie: string;
  let adminId: number;

  const loginAs = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: testPassword },
      remoteAddress: `10.9.0.${++address}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookie(response);
  };
  const list = (query: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: cookie ? { cookie } : {} });
  const patch = (id: number, payload: Json, cookie: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, payload, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: createTestClock() });
    const admin = await createAdmin(t.ctx, { name: 'Ada Admin' });
    adminId = admin.id;
    adminCookie = await loginAs(admin.email);
  });
  afterAll(() => t.close());

  it('lists accounts newest first with only the admin fields', async () => {
    const older = await createCustomer(t.ctx);
    const newer = await createCustomer(t.ctx);
    const response = await list('', adminCookie);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<ListedUser[]>();
    const ids = rows.map((u) => u.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'createdAt',
      'detailerId',
      'email',
      'id',
      'isDisabled',
      'name',
      'onboardingStepsDone',
      'pendingApproval',
      'role',
      'username',
    ]);
    expect(rows.find((u) => u.id === newer.id)).toMatchObject({ email: newer.email, role: 'customer', isDisabled: false });
  });

  it('filters by a case-insensitive search on name, username or email, and by role', async () => {
    const zed = await createCustomer(t.ctx, { name: 'Zed Quixotic' });
    const { user: detailer } = await createDetailer(t.ctx, { user: { name: 'Quixotic Detailing Pro' } });
    await createCustomer(t.ctx, { name: 'Someone Else' });

    const byName = (await list('?search=QUIXOTIC', adminCookie)).json<ListedUser[]>();
    expect(byName.map((u) => u.id).sort()).toEqual([zed.id, detailer.id].sort());

    const byEmail = (await list(`?search=${encodeURIComponent(zed.email.slice(0, 15))}`, adminCookie)).json<ListedUser[]>();
    expect(byEmail.map((u) => u.id)).toEqual([zed.id]);

    const detailersOnly = (await list('?search=quixotic&role=detailer', adminCookie)).json<ListedUser[]>();
    expect(detailersOnly.map((u) => u.id)).toEqual([detailer.id]);

    const admins = (await list('?role=admin', adminCookie)).json<ListedUser[]>();
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((u) => u.role === 'admin')).toBe(true);

    // LIKE wildcards are literal characters, not "match anything".
    expect((await list('?search=%25', adminCookie)).json()).toEqual([]);
  });

  it('answers 400 naming the field for an unknown role', async () => {
    const response = await list('?role=owner', adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('role');
  });

  it('returns at most 100 accounts', async () => {
    await Promise.all(Array.from({ length: 101 }, () => createCustomer(t.ctx)));
    const response = await list('', adminCookie);
    expect(response.json<ListedUser[]>()).toHaveLength(100);
  });

  it('is 401 signed out and 403 for a customer or a detailer', async () => {
    expect((await list('')).statusCode).toBe(401);
    const customer = await createCustomer(t.ctx);
    expect((await list('', await loginAs(customer.email))).statusCode).toBe(403);
    const { user: detailer } = await createDetailer(t.ctx);
    expect((await list('', await loginAs(detailer.email))).statusCode).toBe(403);
  });

  it('refuses to let an admin disable or demote themselves', async () => {
    for (const payload of [{ isDisabled: true }, { role: 'customer' }, { role: 'detailer' }]) {
      const response = await patch(adminId, payload, adminCookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe('You cannot disable or demote your own account');
    }
    const me = (await list('?role=admin', adminCookie)).json<ListedUser[]>().find((u) => u.id === adminId);
    expect(me).toMatchObject({ role: 'admin', isDisabled: false });
  });

  it('disables a customer, ending their session, and enables and promotes them again', async () => {
    const customer = await createCustomer(t.ctx);
    const customerCookie = await loginAs(customer.email);
    expect((await patch(customer.id, { isDisabled: true }, adminCookie)).statusCode).toBe(200);
    const listed = (await list(`?search=${customer.username}`, adminCookie)).json<ListedUser[]>();
    expect(listed[0]).toMatchObject({ id: customer.id, isDisabled: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: customerCookie } })).statusCode).toBe(401);

    expect((await patch(customer.id, { isDisabled: false, role: 'admin' }, adminCookie)).json()).toMatchObject({ role: 'admin' });
    const promoted = (await list(`?search=${customer.username}`, adminCookie)).json<ListedUser[]>();
    expect(promoted[0]).toMatchObject({ role: 'admin', isDisabled: false });
  });
});
