import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppError } from '@core/errors.ts';
import {
  membershipPaymentMethodSchema,
  type AdminMembershipPlan,
  type Membership,
  type MembershipPlan,
  type MyMembership,
  type SubscribeResult,
} from '@core/schemas/memberships.ts';
import { membershipInvoices, memberships } from '../../server/db/schema.ts';
import { ensureServiceCategory } from '../../server/catalog/catalog-admin-service.ts';
import { alreadyMemberMessage, getMyMembership } from '../../server/memberships/membership-service.ts';
import { abandonedRenewalAfterMs, runRenewalPass } from '../../server/memberships/renewal-job.ts';
import { updatePaymentMethod } from '../../server/memberships/membership-payment-method.ts';
import { createPlan } from '../../server/memberships/plan-service.ts';
import { parse } from '../../server/http/validate.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createCustomer, createDetailer } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

const card = (number: string = testCards.success) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' });
const day = 86_400_000;
const start = new Date('2026-11-23T16:00:00Z');

/** Issue 18: plans, subscribing, renewals with the clock moved, cancel/resume, proration, and who may do what. */
describe.each(databaseKinds)('memberships billing on %s', (kind) => {
  const t = useBookingTestApp(kind);
  const { call, clock } = t;
  let admin: UserRow;
  let basic: MembershipPlan;
  let plus: MembershipPlan;

  const planInput = (name: string, monthlyPriceCents: number, visits: number, discountBasisPoints: number, categoryIds: number[]) => ({
    name,
    monthlyPriceCents,
    includedVisitsPerMonth: visits,
    discountBasisPoints,
    coveredPriceLimitCents: 15000,
    perks: `${name} perks`,
    categoryIds,
  });

  async function plans() {
    if (basic) return;
    admin = await createAdmin(t.ctx, { password: undefined });
    const exterior = await ensureServiceCategory(t.ctx, 'Exterior');
    const made = await call(admin, 'POST', '/api/admin/membership-plans', planInput('Basic', 3900, 1, 500, [exterior]));
    expect(made.statusCode, made.body).toBe(201);
    basic = made.json();
    plus = (await call(admin, 'POST', '/api/admin/membership-plans', planInput('Plus', 6900, 2, 1000, [exterior]))).json();
  }

  async function member(planId?: number) {
    await plans();
    clock.set(start);
    const customer = await createCustomer(t.ctx, { password: undefined });
    const response = await call(customer, 'POST', '/api/memberships', { planId: planId ?? basic.id, card: card() });
    expect(response.statusCode, response.body).toBe(201);
    return { customer, started: response.json() as SubscribeResult };
  }

  // Read through the service: a session made a month earlier has expired by the renewal.
  const mine = async (user: UserRow) => ((await getMyMembership(t.ctx, user)) as MyMembership).membership;

  it('lets only admins manage plans, refuses bad input, and shows the plans on sale to anyone', async () => {
    await plans();
    const customer = await createCustomer(t.ctx, { password: undefined });
    const detailer = await createDetailer(t.ctx);
    for (const user of [customer, detailer.user]) {
      expect((await call(user, 'POST', '/api/admin/membership-plans', planInput('Hack', 100, 0, 0, []))).statusCode).toBe(403);
      expect((await call(user, 'GET', '/api/admin/membership-plans')).statusCode).toBe(403);
      expect((await call(user, 'PUT', `/api/admin/membership-plans/${basic.id}`, planInput('Basic', 100, 0, 0, []))).statusCode).toBe(403);
    }
    expect((await call(null, 'POST', '/api/admin/membership-plans', planInput('Hack', 100, 0, 0, []))).statusCode).toBe(401);
    const negative = await call(admin, 'POST', '/api/admin/membership-plans', planInput('Cheap', -100, 0, 0, []));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toHaveProperty('monthlyPriceCents');
    // Detailers price their own services: a plan without a covered visit limit, or with none a visit could fit, is refused.
    for (const coveredPriceLimitCents of [undefined, 0, 100_001, 99.5]) {
      const unlimited = await call(admin, 'POST', '/api/admin/membership-plans', {
        ...planInput('Unlimited', 4900, 1, 0, []),
        coveredPriceLimitCents,
      });
      expect(unlimited.statusCode).toBe(400);
      expect(unlimited.json().fields).toHaveProperty('coveredPriceLimitCents');
    }
    expect(basic.coveredPriceLimitCents).toBe(15000);
    expect((await call(admin, 'POST', '/api/admin/membership-plans', planInput('basic', 4900, 0, 0, []))).statusCode).toBe(409);
    expect((await call(admin, 'POST', '/api/admin/membership-plans', planInput('Nowhere', 4900, 1, 0, [2_000_000]))).statusCode).toBe(400);
    const onSale = (await call(null, 'GET', '/api/membership-plans')).json() as MembershipPlan[];
    expect(onSale.map((p) => p.name)).toEqual(['Basic', 'Plus']);
    expect(onSale.find((p) => p.bestValue)?.name).toBe('Plus');
    expect(onSale[0]!.categories.map((c) => c.name)).toEqual(['Exterior']);
    expect(onSale.map((p) => p.name)).not.toContain('Unlimited');
  });

  it('starts a membership: the first month paid now, active, billed again in a month; one live membership per customer', async () => {
    const { customer, started } = await member();
    expect(started.payment).toMatchObject({ status: 'paid', amountCents: 3900 });
    expect(started.membership).toMatchObject({
      status: 'active',
      currentPeriodEnd: '2026-12-23T16:00:00.000Z',
      nextBillingAt: '2026-12-23T16:00:00.000Z',
    });
    expect(started.membership.invoices).toMatchObject([{ kind: 'first', status: 'paid', amountCents: 3900 }]);
    const again = await call(customer, 'POST', '/api/memberships', { planId: plus.id, card: card() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(alreadyMemberMessage);

    const racer = await createCustomer(t.ctx, { password: undefined });
    const answers = await Promise.all([1, 2, 3].map(() => call(racer, 'POST', '/api/memberships', { planId: basic.id, card: card() })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db.select().from(memberships).where(eq(memberships.customerId, racer.id));
    expect(rows.filter((r) => r.status !== 'canceled')).toHaveLength(1);
  });

  it('refuses a declined card (nothing live), admins and detailers as subscribers, and retired plans', async () => {
    await plans();
    const customer = await createCustomer(t.ctx, { password: undefined });
    const declined = await call(customer, 'POST', '/api/memberships', { planId: basic.id, card: card(testCards.insufficientFunds) });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().message).toBe('Your card has insufficient funds.');
    expect(await mine(customer)).toBeNull();
    expect((await call(admin, 'POST', '/api/memberships', { planId: basic.id, card: card() })).statusCode).toBe(403);
    const retired = (
      await call(admin, 'POST', '/api/admin/membership-plans', { ...planInput('Old', 2900, 0, 500, []), status: 'retired' })
    ).json() as AdminMembershipPlan;
    expect((await call(customer, 'POST', '/api/memberships', { planId: retired.id, card: card() })).statusCode).toBe(409);
    expect((await call(customer, 'POST', '/api/memberships', { planId: basic.id, paymentMethodId: 999_999 })).statusCode).toBe(404);
  });

  it('renews a month later once, even with two renewal passes at the same time', async () => {
    const { customer, started } = await member();
    clock.set(new Date('2026-12-23T16:00:01Z'));
    const passes = await Promise.all([runRenewalPass(t.ctx, clock.now()), runRenewalPass(t.ctx, clock.now())]);
    expect(passes.reduce((n, p) => n + p.renewed, 0)).toBeGreaterThanOrEqual(1);
    const after = (await mine(customer))!;
    expect(after).toMatchObject({
      status: 'active',
      currentPeriodStart: '2026-12-23T16:00:00.000Z',
      currentPeriodEnd: '2027-01-23T16:00:00.000Z',
    });
    const invoices = await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.membershipId, started.membership.id));
    expect(invoices.filter((i) => i.kind === 'renewal')).toMatchObject([{ status: 'paid', amountCents: 3900 }]);
  });

  it('takes again a renewal that a pass claimed and never settled, once, without charging the card twice', async () => {
    const { customer, started } = await member();
    const end = new Date('2026-12-23T16:00:00Z');
    // A pass inserted (claimed) the renewal, charged the card, and stopped before it wrote the answer down.
    const [claimed] = await t.db
      .insert(membershipInvoices)
      .values({
        membershipId: started.membership.id,
        kind: 'renewal',
        periodStart: end,
        periodEnd: new Date('2027-01-23T16:00:00Z'),
        amountCents: 3900,
        attempts: 1,
        createdAt: end,
        claimedAt: end,
      })
      .returning();
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, started.membership.id));
    const charged = await t.ctx.membershipBilling.chargeInvoice({
      invoiceId: claimed!.id,
      attempt: 1,
      membershipId: row!.id,
      amountCents: 3900,
      paymentMethodRef: row!.paymentMethodRef!,
    });
    expect(charged.status).toBe('paid');

    // Soon after, the claim may still be under way: nothing is touched.
    clock.set(new Date(end.getTime() + abandonedRenewalAfterMs - 1000));
    expect(await runRenewalPass(t.ctx, clock.now())).toEqual({ renewed: 0, failed: 0, canceled: 0 });
    expect(await mine(customer)).toMatchObject({ status: 'active', currentPeriodEnd: end.toISOString() });

    // Later, two passes at once: one takes it, finds the charge already made, and starts the next period.
    clock.set(new Date(end.getTime() + abandonedRenewalAfterMs + 1000));
    const passes = await Promise.all([runRenewalPass(t.ctx, clock.now()), runRenewalPass(t.ctx, clock.now())]);
    expect(passes.reduce((n, p) => n + p.renewed, 0)).toBe(1);
    expect(await mine(customer)).toMatchObject({
      status: 'active',
      currentPeriodStart: end.toISOString(),
      currentPeriodEnd: '2027-01-23T16:00:00.000Z',
    });
    const renewals = (
      await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.membershipId, started.membership.id))
    ).filter((i) => i.kind === 'renewal');
    expect(renewals).toMatchObject([{ status: 'paid', attempts: 1, gatewayRef: charged.ref }]);
  });

  it('makes a refused renewal past_due, retries on days 1, 3 and 5, then cancels', async () => {
    const { customer, started } = await member();
    const broke = await t.ctx.gateway.createPaymentMethod!(card(testCards.insufficientFunds));
    await t.db.update(memberships).set({ paymentMethodRef: broke.ref }).where(eq(memberships.id, started.membership.id));
    const end = new Date('2026-12-23T16:00:00Z');
    clock.set(end);
    await runRenewalPass(t.ctx, clock.now());
    expect(await mine(customer)).toMatchObject({ status: 'past_due', failedAttempts: 1, nextBillingAt: '2026-12-24T16:00:00.000Z' });
    // Nothing happens before the retry day.
    clock.set(new Date(end.getTime() + day / 2));
    await runRenewalPass(t.ctx, clock.now());
    expect(await mine(customer)).toMatchObject({ failedAttempts: 1 });
    for (const [days, attempts, next] of [
      [1, 2, '2026-12-26T16:00:00.000Z'],
      [3, 3, '2026-12-28T16:00:00.000Z'],
    ] as const) {
      clock.set(new Date(end.getTime() + days * day));
      await runRenewalPass(t.ctx, clock.now());
      expect(await mine(customer)).toMatchObject({ status: 'past_due', failedAttempts: attempts, nextBillingAt: next });
    }
    clock.set(new Date(end.getTime() + 5 * day));
    await runRenewalPass(t.ctx, clock.now());
    expect(await mine(customer)).toBeNull();
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, started.membership.id));
    expect(row).toMatchObject({ status: 'canceled', failedAttempts: 4 });
    const [invoice] = await t.db
      .select()
      .from(membershipInvoices)
      .where(and(eq(membershipInvoices.kind, 'renewal'), eq(membershipInvoices.membershipId, row!.id)));
    expect(invoice).toMatchObject({ status: 'failed', attempts: 4, failureMessage: 'Your card has insufficient funds.' });
  });

  it("cancels at the period end, resumes before it, and refuses someone else's membership", async () => {
    const { customer, started } = await member();
    const id = started.membership.id;
    const stranger = await createCustomer(t.ctx, { password: undefined });
    for (const action of ['cancel', 'resume', 'change-plan', 'authenticate']) {
      expect((await call(stranger, 'POST', `/api/memberships/${id}/${action}`, { planId: plus.id, approve: true })).statusCode).toBe(404);
    }
    expect((await call(customer, 'POST', `/api/memberships/${id}/resume`)).statusCode).toBe(409);
    expect((await call(customer, 'POST', `/api/memberships/${id}/cancel`)).json()).toMatchObject({
      cancelAtPeriodEnd: true,
      nextBillingAt: null,
    });
    expect((await call(customer, 'POST', `/api/memberships/${id}/resume`)).json()).toMatchObject({ cancelAtPeriodEnd: false });
    await call(customer, 'POST', `/api/memberships/${id}/cancel`);
    clock.set(new Date('2026-12-23T16:00:00Z'));
    expect(await runRenewalPass(t.ctx, clock.now())).toMatchObject({ canceled: 1 });
    expect(await mine(customer)).toBeNull();
    const invoices = await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.membershipId, id));
    expect(invoices.map((i) => i.kind)).toEqual(['first']);
  });

  it('prorates an upgrade now and moves a downgrade without a charge', async () => {
    const { customer, started } = await member();
    const id = started.membership.id;
    // Half of the 30-day period left: half of the $30.00 difference.
    clock.set(new Date('2026-12-08T16:00:00Z'));
    const upgraded = await call(customer, 'POST', `/api/memberships/${id}/change-plan`, { planId: plus.id });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json().plan.name).toBe('Plus');
    expect(upgraded.json().invoices[0]).toMatchObject({ kind: 'proration', status: 'paid', amountCents: 1500 });
    expect((await call(customer, 'POST', `/api/memberships/${id}/change-plan`, { planId: plus.id })).statusCode).toBe(409);
    const downgraded = (await call(customer, 'POST', `/api/memberships/${id}/change-plan`, { planId: basic.id })).json();
    expect(downgraded).toMatchObject({ plan: { name: 'Plus' }, nextPlan: { name: 'Basic', monthlyPriceCents: 3900 } });
    expect(downgraded.invoices.filter((i: { kind: string }) => i.kind === 'proration')).toHaveLength(1);
  });

  it('charges an upgrade once when it is asked for twice at the same moment', async () => {
    // Security review: both requests charged the difference, then only one moved the plan (the other answered 409).
    const { customer, started } = await member();
    const id = started.membership.id;
    clock.set(new Date('2026-12-08T16:00:00Z'));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(customer, 'POST', `/api/memberships/${id}/change-plan`, { planId: plus.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const prorations = await t.db
      .select()
      .from(membershipInvoices)
      .where(and(eq(membershipInvoices.membershipId, id), eq(membershipInvoices.kind, 'proration')));
    expect(prorations.map((i) => [i.status, i.amountCents])).toEqual([['paid', 1500]]);
    expect((await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]!.planId).toBe(plus.id);
  });

  it('keeps the plan when the card refuses the upgrade difference', async () => {
    const { customer, started } = await member();
    const id = started.membership.id;
    // The card on file declines from now on.
    const declining = await t.ctx.gateway.createPaymentMethod!(card(testCards.insufficientFunds));
    await t.db.update(memberships).set({ paymentMethodRef: declining.ref }).where(eq(memberships.id, id));
    clock.set(new Date('2026-12-08T16:00:00Z'));
    const refused = await call(customer, 'POST', `/api/memberships/${id}/change-plan`, { planId: plus.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Your card has insufficient funds.');
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, id));
    expect(row).toMatchObject({ planId: basic.id, nextPlanId: null, status: 'active' });
  });

  it('lets a downgrade wait for the period end, where the renewal moves to and bills the cheaper plan', async () => {
    const { customer, started } = await member(plus.id);
    const id = started.membership.id;
    clock.set(new Date('2026-12-08T16:00:00Z'));
    const waiting = await call(customer, 'POST', `/api/memberships/${id}/change-plan`, { planId: basic.id });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ plan: { name: 'Plus' }, nextPlan: { id: basic.id } });
    expect(waiting.json().invoices.map((i: { kind: string }) => i.kind)).toEqual(['first']);
    expect((await call(customer, 'POST', `/api/memberships/${id}/change-plan`, { planId: basic.id })).statusCode).toBe(409);
    // Nothing moves before the period's end.
    clock.set(new Date('2026-12-23T15:59:00Z'));
    await runRenewalPass(t.ctx, clock.now());
    expect(await mine(customer)).toMatchObject({ plan: { name: 'Plus' }, nextPlan: { name: 'Basic' } });
    clock.set(new Date('2026-12-23T16:00:01Z'));
    await runRenewalPass(t.ctx, clock.now());
    const after = (await mine(customer))!;
    expect(after).toMatchObject({
      status: 'active',
      plan: { name: 'Basic' },
      nextPlan: null,
      currentPeriodEnd: '2027-01-23T16:00:00.000Z',
    });
    expect(after.invoices[0]).toMatchObject({ kind: 'renewal', status: 'paid', amountCents: 3900 });
  });

  it('drops a waiting downgrade on an upgrade or on choosing the current plan again', async () => {
    await plans();
    const premium = await createPlan(t.db, admin, clock.now(), {
      ...planInput('Premium', 13900, 4, 1500, [await ensureServiceCategory(t.ctx, 'Exterior')]),
      status: 'active',
    });
    const { customer, started } = await member(plus.id);
    const id = started.membership.id;
    const change = (planId: number) => call(customer, 'POST', `/api/memberships/${id}/change-plan`, { planId });
    expect((await change(basic.id)).json()).toMatchObject({ nextPlan: { id: basic.id } });
    const kept = await change(plus.id);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ plan: { id: plus.id }, nextPlan: null });
    expect((await change(plus.id)).statusCode).toBe(409);
    await change(basic.id);
    clock.set(new Date('2026-12-08T16:00:00Z'));
    const upgraded = await change(premium.id);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json()).toMatchObject({ plan: { id: premium.id }, nextPlan: null });
    expect(upgraded.json().invoices[0]).toMatchObject({ kind: 'proration', status: 'paid', amountCents: 3500 });
    clock.set(new Date('2026-12-23T16:00:01Z'));
    await runRenewalPass(t.ctx, clock.now());
    const renewed = (await mine(customer))!;
    expect(renewed.plan.id).toBe(premium.id);
    expect(renewed.invoices[0]).toMatchObject({ kind: 'renewal', status: 'paid', amountCents: 13900 });
  });

  it("updates the card of a past_due membership and pays the open renewal with it; refuses others' cards and memberships", async () => {
    const { customer, started } = await member();
    const id = started.membership.id;
    const broke = await t.ctx.gateway.createPaymentMethod!(card(testCards.insufficientFunds));
    await t.db.update(memberships).set({ paymentMethodRef: broke.ref }).where(eq(memberships.id, id));
    clock.set(new Date('2026-12-23T16:00:00Z'));
    await runRenewalPass(t.ctx, clock.now());
    expect(await mine(customer)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    const stranger = await createCustomer(t.ctx, { password: undefined });
    // The session made a month earlier has expired: through the service, as the route calls it (status = HTTP's).
    const asMember = (payload: object) =>
      Promise.resolve()
        .then(() => updatePaymentMethod(t.ctx, customer, clock.now(), id, parse(membershipPaymentMethodSchema, payload)))
        .then(
          (body) => ({ statusCode: 200, body: '', json: () => body as Partial<Membership> }),
          (error: AppError) => ({ statusCode: error.status, body: error.message, json: (): Partial<Membership> => ({}) }),
        );
    const strangerCard = await call(stranger, 'POST', '/api/payment-methods', { card: card() });
    expect(strangerCard.statusCode, strangerCard.body).toBe(201);
    expect((await call(stranger, 'POST', `/api/memberships/${id}/payment-method`, { card: card() })).statusCode).toBe(404);
    expect((await asMember({ paymentMethodId: strangerCard.json().id })).statusCode).toBe(404);
    expect((await asMember({})).statusCode).toBe(400);
    // A refused new card changes nothing: still past due, same retry day.
    const refused = await asMember({ card: card(testCards.insufficientFunds) });
    expect(refused.statusCode).toBe(400);
    expect(await mine(customer)).toMatchObject({ status: 'past_due', failedAttempts: 1, nextBillingAt: '2026-12-24T16:00:00.000Z' });
    const updated = await asMember({ card: card() });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ status: 'active', failedAttempts: 0, currentPeriodEnd: '2027-01-23T16:00:00.000Z' });
    expect(updated.json().invoices![0]).toMatchObject({ kind: 'renewal', status: 'paid', amountCents: 3900 });
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, id));
    expect(row!.paymentMethodRef).not.toBe(broke.ref);
  });

  it("takes the plan's discount off a booking the member makes", async () => {
    const { customer } = await member(plus.id);
    const detailer = await createDetailer(t.ctx);
    const booked = await t.book(customer, detailer.detailerId, detailer.serviceId, '2026-11-25', '10:00 AM');
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // 10 % of the $59.00 service.
    expect(booked.body.discountCents).toBe(590);
  });
});
