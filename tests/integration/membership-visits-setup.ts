import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bookings,
  membershipPlanCategories,
  membershipPlans,
  memberships,
  membershipVisits,
  paymentIntents,
  savedAddresses,
  vehicles,
} from '../../server/db/schema.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, type DatabaseKind, type TestApp } from './test-app.ts';

/** Monday 2026-11-23, 8 AM in Los Angeles (the factory detailer's zone). */
export const mondayMorning = new Date('2026-11-23T16:00:00Z');

/**
 * Issue 18 ★ test data: a detailer, a plan covering their service's category and a member with an active
 * membership, a car and a saved address in the detailer's area (San Francisco).
 */
export function useVisitTestApp(kind: DatabaseKind) {
  const clock = createTestClock(mondayMorning);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = () => t;
  const { call } = createCaller(app, clock);

  async function member(options: { includedVisits?: number; detailer?: Awaited<ReturnType<typeof createDetailer>> } = {}) {
    clock.set(mondayMorning);
    const detailer = options.detailer ?? (await createDetailer(t.ctx));
    const customer = await createCustomer(t.ctx, { password: undefined });
    const [plan] = await t.db
      .insert(membershipPlans)
      .values({ name: `Plan ${customer.id}`, monthlyPriceCents: 4900, includedVisitsPerMonth: options.includedVisits ?? 2 })
      .returning();
    await t.db.insert(membershipPlanCategories).values({ planId: plan!.id, categoryId: detailer.categoryId });
    const [membership] = await t.db
      .insert(memberships)
      .values({
        customerId: customer.id,
        planId: plan!.id,
        status: 'active',
        gateway: 'test',
        billingDay: 23,
        currentPeriodStart: mondayMorning,
        currentPeriodEnd: new Date('2026-12-23T16:00:00Z'),
      })
      .returning();
    const [car] = await t.db
      .insert(vehicles)
      .values({ customerId: customer.id, make: 'Honda', model: 'Civic', year: 2020, vehicleType: 'Sedan' })
      .returning();
    const [place] = await t.db
      .insert(savedAddresses)
      .values({
        customerId: customer.id,
        label: 'Home',
        address: '1 Market St',
        city: 'San Francisco',
        zip: '94105',
        latitude: 37.79,
        longitude: -122.4,
      })
      .returning();
    const rhythm = {
      serviceId: detailer.serviceId,
      everyWeeks: 2,
      detailerId: detailer.detailerId,
      // Friday 2026-11-27: 4 days ahead, so the first pass books it.
      weekday: 5,
      timeWindow: 'morning',
      vehicleId: car!.id,
      savedAddressId: place!.id,
    };
    return { detailer, customer, plan: plan!, membership: membership!, car: car!, place: place!, rhythm };
  }

  const visitsOf = (membershipId: number) => t.db.select().from(membershipVisits).where(eq(membershipVisits.membershipId, membershipId));
  const bookingsOf = (membershipId: number) => t.db.select().from(bookings).where(eq(bookings.membershipId, membershipId));
  const intentsOf = (bookingId: number) => t.db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));

  return { app, clock, call, member, visitsOf, bookingsOf, intentsOf };
}
