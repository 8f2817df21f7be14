import { expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import type { ReferralsResponse } from '@core/schemas/referrals.ts';
import { creditGrants, referrals, users } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import { rewardReferrer } from '../../server/referrals/referral-rewards.ts';
import { createBooking, createCustomer, createDetailer, registrationPayload } from '../factories/index.ts';
import type { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { addProofOfService } from '../factories/proof-of-service.ts';
import { completeJob } from '../factories/job-day.ts';

type TestDetailer = Awaited<ReturnType<typeof createDetailer>>;
type ReferralTestApp = ReturnType<typeof usePaidBookingTestApp>;

const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
const hour = 3_600_000;

/** The steps of tests/integration/referrals.test.ts: registering through a code, paying and completing a friend's bookings. */
export function useReferralSteps(t: ReferralTestApp) {
  const { call, clock } = t;

  const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
  const balance = async (userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.referralCreditsCents;
  const grantsOf = (userId: number) =>
    t.db.select().from(creditGrants).where(eq(creditGrants.userId, userId)).orderBy(asc(creditGrants.id));
  const referralOf = async (friendUserId: number) =>
    (await t.db.select().from(referrals).where(eq(referrals.friendUserId, friendUserId)))[0];

  async function myReferrals(user: UserRow): Promise<ReferralsResponse> {
    const response = await call(user, 'GET', '/api/referrals');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReferralsResponse;
  }

  /** A customer, and a friend who registered through the API with the customer's code. */
  async function referredFriend() {
    const referrer = await createCustomer(t.ctx);
    const account = registrationPayload();
    const response = await register({ ...account, referralCode: referrer.referralCode });
    expect(response.statusCode, response.body).toBe(201);
    return { referrer, friend: (await userByEmail(account.email))! };
  }

  /** A booking of the friend's, paid by card through the API (it becomes requested). Credits are left unspent. */
  async function payFor(friend: UserRow, detailer: TestDetailer, startsAt: Date) {
    const booking = await createBooking(t.ctx, {
      customerId: friend.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      startsAt,
    });
    const intent = await call(friend, 'POST', '/api/create-payment-intent', { bookingId: booking.id, appliedCredits: 0 });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json() as PaymentIntentResponse;
    const paid = await call(friend, 'POST', '/api/payments/test-gateway/confirm', { clientSecret, card });
    expect(paid.json()).toMatchObject({ status: 'requires_capture' });
    return booking;
  }

  /** The detailer's accept, On my way, Start, proof and Complete through the API at the job's time. */
  async function complete(detailer: TestDetailer, booking: { id: number; startsAt: Date }) {
    await completeJob({
      ctx: t.ctx,
      clock,
      detailer: detailer.user,
      booking,
      post: (path) => call(detailer.user, 'POST', path),
      restoreClock: true,
    });
  }

  /** `count` of the friend's jobs in progress (4 hours apart), each with its proof, ready to Complete. */
  async function inProgressJobs(friend: UserRow, detailer: TestDetailer, count: number) {
    const start = new Date('2026-12-10T16:00:00Z');
    const jobs = [];
    for (let i = 0; i < count; i++) {
      const startsAt = new Date(start.getTime() + i * 4 * hour);
      const job = await createBooking(t.ctx, {
        customerId: friend.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        startsAt,
        status: 'in_progress',
      });
      await addProofOfService(t.ctx, detailer.user, job.id);
      jobs.push(job);
    }
    return jobs;
  }

  /** The reward path itself, `count` times at once, each in its own transaction as a completion would run it. */
  const rewardConcurrently = (booking: { id: number; customerId: number }, count: number) =>
    Promise.all(Array.from({ length: count }, () => t.db.transaction((tx) => rewardReferrer(tx, booking, clock.now()))));

  return {
    register,
    userByEmail,
    balance,
    grantsOf,
    referralOf,
    myReferrals,
    referredFriend,
    payFor,
    complete,
    inProgressJobs,
    rewardConcurrently,
  };
}
