import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { membershipInvoices, membershipPlans, memberships, users } from '../../server/db/schema.ts';
import { runRenewalPass } from '../../server/memberships/renewal-job.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import { createAdmin, createCustomer, testPassword } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
const start = new Date('2026-11-23T16:00:00Z');
const afterPeriod = new Date('2026-12-23T16:00:01Z');

/** Issue 38: a deleted or disabled account never pays again (membership-closing.ts, renewal-job.ts). */
describe.each(databaseKinds)('memberships of closed accounts on %s', (kind) => {
  const t = useBookingTestApp(kind);
  const { call, clock } = t;
  let planId: number | undefined;

  async function member() {
    if (planId === undefined) {
      const [plan] = await t.db
        .insert(membershipPlans)
        .values({ name: 'Plus', monthlyPriceCents: 13900, includedVisitsPerMonth: 2 })
        .returning();
      planId = plan!.id;
    }
    clock.set(start);
    const customer = await createCustomer(t.ctx);
    const response = await call(customer, 'POST', '/api/memberships', { planId, card });
    expect(response.statusCode, response.body).toBe(201);
    return { customer, membershipId: (response.json() as { membership: { id: number } }).membership.id };
  }
  const membershipOf = async (id: number) => (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]!;
  const renewalsOf = async (id: number) =>
    (await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.membershipId, id))).filter(
      (invoice) => invoice.kind === 'renewal',
    );

  it('ends the membership when its owner deletes the account, and the renewal pass charges nothing', async () => {
    const { customer, membershipId } = await member();
    const deleted = await call(customer, 'DELETE', '/api/account', { password: testPassword });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await membershipOf(membershipId)).toMatchObject({ status: 'canceled', canceledAt: start, nextRetryAt: null });

    clock.set(afterPeriod);
    await runRenewalPass(t.ctx, clock.now());
    expect(await renewalsOf(membershipId)).toEqual([]);
    expect((await membershipOf(membershipId)).status).toBe('canceled');
  });

  it('ends the membership when an admin disables the account', async () => {
    const { customer, membershipId } = await member();
    const admin = await createAdmin(t.ctx);
    const disabled = await call(admin, 'PATCH', `/api/admin/users/${customer.id}`, { isDisabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await membershipOf(membershipId)).toMatchObject({ status: 'canceled', canceledAt: start });
    // Enabling the account again does not bring the membership back: its owner subscribes again if they want it.
    expect((await call(admin, 'PATCH', `/api/admin/users/${customer.id}`, { isDisabled: false })).statusCode).toBe(200);
    expect((await membershipOf(membershipId)).status).toBe('canceled');
  });

  it('skips deleted and disabled owners in the renewal pass, and still renews everyone else', async () => {
    const gone = await member();
    const blocked = await member();
    const kept = await member();
    // Owners closed by some other way than the routes above (a membership left over from before this rule).
    await t.db.update(users).set({ deletedAt: start, isDisabled: true }).where(eq(users.id, gone.customer.id));
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, blocked.customer.id));

    clock.set(afterPeriod);
    await runRenewalPass(t.ctx, clock.now());
    expect(await renewalsOf(gone.membershipId)).toEqual([]);
    expect(await renewalsOf(blocked.membershipId)).toEqual([]);
    expect(await renewalsOf(kept.membershipId)).toMatchObject([{ status: 'paid', amountCents: 13900 }]);
  });
});
