import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { referralCodeForCustomersMessage, referralCodeNotFoundMessage } from '@core/domain/referrals.ts';
import { demoOutboxPath, registrationAnswer } from '@core/schemas/email-verification.ts';
import { creditGrants, platformSettings, referrals, users } from '../../server/db/schema.ts';
import { readPlatformSettings } from '../../server/platform/platform-settings-service.ts';
import { createBooking, createCustomer, createDetailer, registrationPayload } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';
import { useReferralSteps } from './referrals-steps.ts';

const bookedAt = new Date('2026-11-23T16:00:00Z');

/** Referrals (issue 18, decision 022): registration with a code, the friend's welcome, the referrer's reward once. */
describe.each(databaseKinds)('referrals on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, bookedAt);
  const { call } = t;
  const steps = useReferralSteps(t);
  const { register, userByEmail, balance, grantsOf, referralOf, myReferrals, payFor, complete } = steps;

  it('registers a friend with a code (any case): the referral and the welcome credit, listed for the referrer only', async () => {
    const referrer = await createCustomer(t.ctx);
    const account = registrationPayload({ name: 'Jamie Lee Friend' });
    const response = await register({ ...account, referralCode: ` ${referrer.referralCode.toLowerCase()} ` });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: registrationAnswer, outboxPath: demoOutboxPath });
    const friend = (await userByEmail(account.email))!;
    expect(await referralOf(friend.id)).toMatchObject({ referrerUserId: referrer.id, firstBookingId: null });
    expect(friend.referralCreditsCents).toBe(1000);
    expect((await grantsOf(friend.id)).map((g) => [g.reason, g.amountCents])).toEqual([['referral_welcome', 1000]]);

    const mine = await myReferrals(referrer);
    expect(mine).toMatchObject({
      code: referrer.referralCode,
      shareLink: `http://localhost:3000/login?ref=${referrer.referralCode}`,
      friendCreditCents: 1000,
      referrerCreditCents: 1000,
      creditsEarnedCents: 0,
      balanceCents: 0,
    });
    expect(mine.friends).toEqual([{ id: expect.any(Number), name: 'Jamie F.', state: 'signed_up', since: bookedAt.toISOString() }]);
    // Privacy: nothing but the first name and an initial.
    expect(JSON.stringify(mine)).not.toContain(account.email);
    expect(JSON.stringify(mine)).not.toContain('Lee');

    // Another customer sees their own (empty) list; the friend's list does not show their referrer.
    const stranger = await createCustomer(t.ctx);
    expect((await myReferrals(stranger)).friends).toEqual([]);
    expect((await myReferrals(friend)).friends).toEqual([]);
  });

  it('refuses unknown, malformed, detailer, admin, disabled and deleted codes, and a detailer being referred, with nothing changed', async () => {
    const referrer = await createCustomer(t.ctx);
    const detailer = await createDetailer(t.ctx);
    const disabled = await createCustomer(t.ctx);
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.id));
    const deleted = await createCustomer(t.ctx);
    await t.db.update(users).set({ deletedAt: bookedAt }).where(eq(users.id, deleted.id));
    const cases: [string, Record<string, unknown>, string][] = [
      ['unknown', { referralCode: 'NOSUCH99' }, referralCodeNotFoundMessage],
      ['malformed', { referralCode: "x'; drop table users; --" }, referralCodeNotFoundMessage],
      ['a number', { referralCode: 12345678 }, referralCodeNotFoundMessage],
      ["a detailer's", { referralCode: detailer.user.referralCode }, referralCodeNotFoundMessage],
      ["an admin's", { referralCode: t.admin.referralCode }, referralCodeNotFoundMessage],
      ["a disabled account's", { referralCode: disabled.referralCode }, referralCodeNotFoundMessage],
      ["a deleted account's", { referralCode: deleted.referralCode }, referralCodeNotFoundMessage],
      ['a detailer registering', { referralCode: referrer.referralCode, role: 'detailer' }, referralCodeForCustomersMessage],
    ];
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(referrals);
    for (const [label, overrides, message] of cases) {
      const account = registrationPayload(overrides);
      const response = await register(account);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.json().message, label).toBe(message);
      expect(response.json().fields, label).toHaveProperty('referralCode');
      expect(await userByEmail(account.email as string), label).toBeUndefined();
    }
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(referrals)).toEqual(before);
  });

  it("never refers an account to itself: the owner's own email (any case) creates nothing and grants nothing", async () => {
    const owner = await createCustomer(t.ctx);
    const response = await register(registrationPayload({ email: owner.email.toUpperCase(), referralCode: owner.referralCode }));
    // The same answer as any taken email (registration never tells whether an address has an account).
    expect(response.statusCode).toBe(201);
    expect(await referralOf(owner.id)).toBeUndefined();
    expect(await balance(owner.id)).toBe(0);
    expect(await grantsOf(owner.id)).toEqual([]);
    // And the database refuses it whatever the code path.
    await expect(t.db.insert(referrals).values({ referrerUserId: owner.id, friendUserId: owner.id })).rejects.toThrow();
  });

  it('books, completes and rewards the referrer once; a second completed booking rewards nothing more', async () => {
    const { referrer, friend } = await steps.referredFriend();
    const detailer = await createDetailer(t.ctx);
    const first = await payFor(friend, detailer, new Date('2026-12-01T17:00:00Z'));
    expect((await referralOf(friend.id))!.firstBookingId).toBe(first.id);
    expect((await myReferrals(referrer)).friends[0]!.state).toBe('booked');
    expect(await balance(referrer.id)).toBe(0);

    await complete(detailer, first);
    expect(await balance(referrer.id)).toBe(1000);
    const mine = await myReferrals(referrer);
    expect(mine).toMatchObject({ creditsEarnedCents: 1000, balanceCents: 1000 });
    expect(mine.friends[0]).toMatchObject({ state: 'completed' });
    expect((await grantsOf(referrer.id)).map((g) => g.reason)).toEqual(['referral_reward']);

    const second = await payFor(friend, detailer, new Date('2026-12-02T17:00:00Z'));
    await complete(detailer, second);
    expect(await balance(referrer.id)).toBe(1000);
    expect(await grantsOf(referrer.id)).toHaveLength(1);
    expect((await referralOf(friend.id))!.firstBookingId).toBe(first.id);
  });

  it('a cancelled first booking puts the friend back to signed up; the next paid booking takes its place', async () => {
    const { referrer, friend } = await steps.referredFriend();
    const detailer = await createDetailer(t.ctx);
    const first = await payFor(friend, detailer, new Date('2026-12-03T17:00:00Z'));
    const cancelled = await call(friend, 'POST', `/api/bookings/${first.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await referralOf(friend.id))!.firstBookingId).toBeNull();
    expect((await myReferrals(referrer)).friends[0]!.state).toBe('signed_up');
    const next = await payFor(friend, detailer, new Date('2026-12-04T17:00:00Z'));
    expect((await referralOf(friend.id))!.firstBookingId).toBe(next.id);
    expect((await myReferrals(referrer)).friends[0]!.state).toBe('booked');
  });

  it('grants the reward once under 20 concurrent reward calls for the same booking', async () => {
    const { referrer, friend } = await steps.referredFriend();
    const detailer = await createDetailer(t.ctx);
    const booking = await createBooking(t.ctx, {
      customerId: friend.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'completed',
    });
    const results = await steps.rewardConcurrently(booking, 20);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await balance(referrer.id)).toBe(1000);
    expect(await grantsOf(referrer.id)).toHaveLength(1);
  });

  it("grants the reward once when 20 of the friend's bookings are completed at the same time through the API", async () => {
    const { referrer, friend } = await steps.referredFriend();
    const detailer = await createDetailer(t.ctx);
    const jobs = await steps.inProgressJobs(friend, detailer, 20);
    const answers = await Promise.all(jobs.map((job) => call(detailer.user, 'POST', `/api/bookings/${job.id}/complete`)));
    expect(answers.map((a) => a.statusCode)).toEqual(jobs.map(() => 200));
    expect(await balance(referrer.id)).toBe(1000);
    expect(await grantsOf(referrer.id)).toHaveLength(1);
    expect(jobs.map((j) => j.id)).toContain((await referralOf(friend.id))!.firstBookingId);
    expect((await myReferrals(referrer)).friends[0]).toMatchObject({ state: 'completed' });
  });

  it('answers only a signed-in customer: 401 signed out, 403 for detailers and admins', async () => {
    const detailer = await createDetailer(t.ctx);
    expect((await call(null, 'GET', '/api/referrals')).statusCode).toBe(401);
    expect((await call(detailer.user, 'GET', '/api/referrals')).statusCode).toBe(403);
    expect((await call(t.admin, 'GET', '/api/referrals')).statusCode).toBe(403);
  });

  it('gives no welcome credit when admins set it to $0.00, and still records the referral', async () => {
    const referrer = await createCustomer(t.ctx);
    await readPlatformSettings(t.db);
    await t.db.update(platformSettings).set({ referralFriendCreditCents: 0 }).where(eq(platformSettings.id, 1));
    try {
      const account = registrationPayload();
      expect((await register({ ...account, referralCode: referrer.referralCode })).statusCode).toBe(201);
      const friend = (await userByEmail(account.email))!;
      expect(await referralOf(friend.id)).toBeDefined();
      expect(friend.referralCreditsCents).toBe(0);
      expect(await t.db.select().from(creditGrants).where(eq(creditGrants.userId, friend.id))).toEqual([]);
    } finally {
      await t.db.update(platformSettings).set({ referralFriendCreditCents: 1000 }).where(eq(platformSettings.id, 1));
    }
  });
});
