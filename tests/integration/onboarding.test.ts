import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@core/schemas/admin.ts';
import type { Detailer, Service } from '@core/schemas/catalog.ts';
import { onboardingSchema, type Onboarding } from '@core/schemas/onboarding.ts';
import { detailers, notifications, payoutAccounts, uploads, users } from '../../server/db/schema.ts';
import { readyForApprovalTitle } from '../../server/onboarding/onboarding-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import {
  bookingRequest,
  createAdmin,
  createCategory,
  createCustomer,
  createDetailer,
  registrationPayload,
  testPassword,
} from '../factories/index.ts';
import { createApiCaller } from '../factories/api-caller.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

// Onboarding and approval (issue 17, decision 021): a new Service Provider is not listed, not bookable, until every
// setup step is done and an admin approves; a disabled or deleted detailer leaves the catalog at once.
describe.each(databaseKinds)('Detailer onboarding on %s', (kind) => {
  let t: TestApp;
  // Monday 2026-11-23, 8:00 AM in Los Angeles.
  const clock = createTestClock();
  const cast = {} as { admin: UserRow; customer: UserRow; categoryId: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    cast.admin = await createAdmin(t.ctx, { password: undefined });
    cast.customer = await createCustomer(t.ctx, { password: undefined });
    cast.categoryId = await createCategory(t.ctx);
  });
  afterAll(() => t?.close());

  const call = createApiCaller(() => t, clock);

  /** Registers a Service Provider through the sign-up form's endpoint; returns the account and its profile's id. */
  async function signUpDetailer() {
    const account = registrationPayload({ role: 'detailer', name: `Sam Shine ${randomBytes(2).toString('hex')}` });
    const registered = await call(null, 'POST', '/api/auth/register', account);
    expect(registered.statusCode, registered.body).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, account.email));
    const [profile] = await t.db.select().from(detailers).where(eq(detailers.userId, user!.id));
    return { user: user!, profile: profile! };
  }

  const onboarding = async (user: { id: number }) => {
    const response = await call(user, 'GET', '/api/detailer/onboarding');
    expect(response.statusCode, response.body).toBe(200);
    return onboardingSchema.parse(response.json());
  };
  const doneKeys = (state: Onboarding) => state.steps.filter((step) => step.done).map((step) => step.key);
  const listedIds = async () => ((await call(null, 'GET', '/api/detailers')).json() as Detailer[]).map((d) => d.id);
  const newUpload = async (ownerUserId: number) =>
    (
      await t.db
        .insert(uploads)
        .values({
          ownerUserId,
          storageKey: `uploads/test-${randomBytes(4).toString('hex')}`,
          widths: [320],
          width: 320,
          height: 240,
          byteSize: 1000,
        })
        .returning()
    )[0]!;
  const bookingOf = (detailerId: number, serviceId: number) => bookingRequest({ detailerId, serviceId }, '2026-11-25', '10:00 AM');
  const adminUsers = async (query = '') => (await call(cast.admin, 'GET', `/api/admin/users${query}`)).json() as AdminUser[];
  const readyNotices = (detailerId: number) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.title, readyForApprovalTitle), eq(notifications.entityId, String(detailerId))));

  /** Every step done through the screens' own endpoints (the payout account as its table row). */
  async function finishSetup(user: UserRow, detailerId: number) {
    const logo = await newUpload(user.id);
    const business = await call(user, 'PATCH', '/api/detailer/business', {
      businessName: 'Shine On Mobile',
      description: 'Hand washes and interior details at your door.',
      logoUploadId: logo.id,
    });
    expect(business.statusCode, business.body).toBe(200);
    expect((await call(user, 'PUT', '/api/detailer/service-area', { zip: '94105', radiusMiles: 15 })).statusCode).toBe(200);
    const hours = await call(user, 'PUT', '/api/detailer/availability', { rules: [{ weekday: 3, startMinute: 540, endMinute: 1020 }] });
    expect(hours.statusCode, hours.body).toBe(200);
    const service = await call(user, 'POST', '/api/detailer/services', {
      name: 'Shine Wash',
      description: 'Foam and hand wash.',
      categoryId: cast.categoryId,
      priceCents: 6000,
      durationMinutes: 60,
    });
    expect(service.statusCode, service.body).toBe(201);
    await t.db.insert(payoutAccounts).values({
      detailerId,
      gateway: 'test',
      accountRef: `acct_${randomBytes(6).toString('hex')}`,
      description: 'Bank account ending 6789',
    });
    return { serviceId: (service.json() as { id: number }).id };
  }

  it('[DETAILER] a new Service Provider has a profile at once, named after them and not approved', async () => {
    const { user, profile } = await signUpDetailer();
    expect(profile).toMatchObject({ businessName: user.name, approvedAt: null, description: '' });
    expect((await call(user, 'GET', '/api/auth/user')).json().detailerId).toBe(profile.id);
    // The existing detailer pages work for it.
    expect((await call(user, 'GET', '/api/detailer/availability')).statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/detailer/services')).statusCode).toBe(200);
    const state = await onboarding(user);
    expect(state).toMatchObject({ complete: false, approved: false, submittedForApproval: false });
    expect(state.steps.map((step) => [step.key, step.done])).toEqual([
      ['business', false],
      ['area', false],
      ['hours', false],
      ['services', false],
      ['payout', false],
    ]);
    expect(state.business).toEqual({ businessName: user.name, description: '', logoUploadId: null, logoUrl: null });
  });

  it('[CUSTOMER] an unfinished, unapproved detailer is not listed, has no page and cannot be booked', async () => {
    const { user, profile } = await signUpDetailer();
    const service = await call(user, 'POST', '/api/detailer/services', {
      name: 'Hidden Wash',
      description: 'Not for sale yet.',
      categoryId: cast.categoryId,
      priceCents: 5000,
      durationMinutes: 45,
    });
    expect(service.statusCode, service.body).toBe(201);
    const serviceId = (service.json() as { id: number }).id;
    expect(await listedIds()).not.toContain(profile.id);
    expect((await call(null, 'GET', `/api/detailers?serviceId=${serviceId}`)).json()).toEqual([]);
    expect((await call(null, 'GET', `/api/detailers/${profile.id}`)).statusCode).toBe(404);
    expect((await call(cast.customer, 'GET', `/api/detailers/${profile.id}`)).statusCode).toBe(404);
    const otherDetailer = await signUpDetailer();
    expect((await call(otherDetailer.user, 'GET', `/api/detailers/${profile.id}`)).statusCode).toBe(404);
    // The detailer's own pages (the service area) read their profile while it waits for the approval.
    expect((await call(user, 'GET', `/api/detailers/${profile.id}`)).statusCode).toBe(200);
    expect(((await call(null, 'GET', '/api/services')).json() as Service[]).map((s) => s.id)).not.toContain(serviceId);
    expect((await call(null, 'GET', `/api/services/${serviceId}`)).statusCode).toBe(404);
    const booked = await call(cast.customer, 'POST', '/api/bookings', bookingOf(profile.id, serviceId));
    expect(booked.statusCode, booked.body).toBe(404);
    expect(booked.json().message).toBe('Detailer not found');
  });

  it('[ADMIN] steps follow the data; approval is refused until every step is done, then lists the detailer once', async () => {
    const { user, profile } = await signUpDetailer();
    const approve = (as: { id: number } | null) => call(as, 'POST', `/api/admin/detailers/${profile.id}/approve`);
    const early = await approve(cast.admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'This detailer has not finished onboarding: business profile, service area, weekly hours, a service, payout details',
    );
    // The admin list shows the pending detailer with the steps done.
    const pending = (await adminUsers('?pendingApproval=true')).find((row) => row.id === user.id);
    expect(pending).toMatchObject({ pendingApproval: true, onboardingStepsDone: 0, detailerId: profile.id, role: 'detailer' });
    expect((await adminUsers('?pendingApproval=true')).every((row) => row.pendingApproval)).toBe(true);

    const { serviceId } = await finishSetup(user, profile.id);
    const done = await onboarding(user);
    expect(doneKeys(done)).toEqual(['business', 'area', 'hours', 'services', 'payout']);
    expect(done).toMatchObject({ complete: true, approved: false, submittedForApproval: true });
    expect(done.business).toMatchObject({
      businessName: 'Shine On Mobile',
      logoUrl: expect.stringMatching(/^\/api\/uploads\/\d+\?w=400$/),
    });
    // Every admin hears once, however often the detailer comes back.
    await onboarding(user);
    const notices = await readyNotices(profile.id);
    expect(notices.filter((n) => n.userId === cast.admin.id)).toHaveLength(1);
    expect((await adminUsers()).find((row) => row.id === user.id)).toMatchObject({ pendingApproval: true, onboardingStepsDone: 5 });
    // Still not listed: finishing is not approval.
    expect(await listedIds()).not.toContain(profile.id);

    // Only an admin approves.
    expect((await approve(user)).statusCode).toBe(403);
    expect((await approve(cast.customer)).statusCode).toBe(403);
    expect((await approve(null)).statusCode).toBe(401);
    expect((await call(cast.admin, 'POST', '/api/admin/detailers/999999/approve')).statusCode).toBe(404);

    const approved = await approve(cast.admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ detailerId: profile.id, approvedAt: clock.now().toISOString() });
    expect(await listedIds()).toContain(profile.id);
    expect((await call(null, 'GET', `/api/detailers/${profile.id}`)).json()).toMatchObject({ businessName: 'Shine On Mobile' });
    const booked = await call(cast.customer, 'POST', '/api/bookings', bookingOf(profile.id, serviceId));
    expect(booked.statusCode, booked.body).toBe(201);
    const heard = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.title, "You're approved")));
    expect(heard).toHaveLength(1);
    expect((await onboarding(user)).approved).toBe(true);
    expect((await adminUsers()).find((row) => row.id === user.id)).toMatchObject({ pendingApproval: false, onboardingStepsDone: null });

    // A replay changes nothing: the same answer, no second notice.
    clock.advance(60_000);
    const again = await approve(cast.admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(approved.json());
    clock.advance(-60_000);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.title, "You're approved"))),
    ).toHaveLength(1);
  });

  it('[DETAILER] a business edit with bad input is 400 naming the fields, and nothing changes', async () => {
    const { user, profile } = await signUpDetailer();
    const before = (await onboarding(user)).business;
    const bad = await call(user, 'PATCH', '/api/detailer/business', { businessName: 'A', description: 'Too short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      businessName: 'Business name must be at least 2 characters',
      description: 'Description must be at least 20 characters',
    });
    const long = await call(user, 'PATCH', '/api/detailer/business', { businessName: 'x'.repeat(81) });
    expect(long.json().fields).toEqual({ businessName: 'Business name must be at most 80 characters' });
    expect((await call(user, 'PATCH', '/api/detailer/business', { description: 'y'.repeat(1001) })).json().fields).toHaveProperty(
      'description',
    );
    expect((await call(user, 'PATCH', '/api/detailer/business', {})).statusCode).toBe(400);
    expect((await call(user, 'PATCH', '/api/detailer/business', { logoUploadId: 'abc' })).json().fields).toHaveProperty('logoUploadId');
    // Someone else's upload is not a logo of yours.
    const foreign = await newUpload(cast.customer.id);
    const stolen = await call(user, 'PATCH', '/api/detailer/business', { logoUploadId: foreign.id });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toEqual({ logoUploadId: 'not an upload of yours' });
    expect((await onboarding(user)).business).toEqual(before);
    const [row] = await t.db.select().from(detailers).where(eq(detailers.id, profile.id));
    expect(row).toMatchObject({ businessName: user.name, description: '', logoUploadId: null });
  });

  it('[DETAILER] each detailer edits only their own business; customers and visitors are refused', async () => {
    const mine = await signUpDetailer();
    const theirs = await signUpDetailer();
    const edited = await call(theirs.user, 'PATCH', '/api/detailer/business', { businessName: 'Their Own Detailing' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().business.businessName).toBe('Their Own Detailing');
    const [untouched] = await t.db.select().from(detailers).where(eq(detailers.id, mine.profile.id));
    expect(untouched!.businessName).toBe(mine.user.name);
    expect((await call(cast.customer, 'PATCH', '/api/detailer/business', { businessName: 'Sneaky' })).statusCode).toBe(403);
    expect((await call(cast.customer, 'GET', '/api/detailer/onboarding')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/detailer/onboarding')).statusCode).toBe(401);
    expect((await call(cast.admin, 'GET', '/api/admin/users?pendingApproval=maybe')).statusCode).toBe(400);
    expect((await call(cast.customer, 'GET', '/api/admin/users?pendingApproval=true')).statusCode).toBe(403);
  });

  it('[ADMIN] a disabled or deleted detailer leaves the lists, their page and booking at once', async () => {
    const disabled = await createDetailer(t.ctx);
    const deleted = await createDetailer(t.ctx);
    // The lists are read (and cached) first: leaving must not wait for the cache.
    expect(await listedIds()).toEqual(expect.arrayContaining([disabled.detailerId, deleted.detailerId]));
    expect(((await call(null, 'GET', '/api/services')).json() as Service[]).map((s) => s.id)).toContain(disabled.serviceId);

    const disabling = await call(cast.admin, 'PATCH', `/api/admin/users/${disabled.user.id}`, { isDisabled: true });
    expect(disabling.statusCode, disabling.body).toBe(200);
    expect(await listedIds()).not.toContain(disabled.detailerId);
    expect(((await call(null, 'GET', '/api/services')).json() as Service[]).map((s) => s.id)).not.toContain(disabled.serviceId);
    expect((await call(null, 'GET', `/api/detailers/${disabled.detailerId}`)).statusCode).toBe(404);
    expect((await call(cast.customer, 'POST', '/api/bookings', bookingOf(disabled.detailerId, disabled.serviceId))).statusCode).toBe(404);
    // Enabled again, they are back.
    await call(cast.admin, 'PATCH', `/api/admin/users/${disabled.user.id}`, { isDisabled: false });
    expect(await listedIds()).toContain(disabled.detailerId);

    const deleting = await call(deleted.user, 'DELETE', '/api/account', { password: testPassword });
    expect(deleting.statusCode, deleting.body).toBeLessThan(300);
    expect(await listedIds()).not.toContain(deleted.detailerId);
    expect((await call(null, 'GET', `/api/detailers/${deleted.detailerId}`)).statusCode).toBe(404);
    const [gone] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(eq(users.id, deleted.user.id));
    expect(gone!.n).toBe(1);
  });
});
