import { addCalendarDays } from '../../core/domain/business-weeks.ts';
import {
  accessibilityViolations,
  dismissNotificationPrompt,
  expect,
  glossBossId,
  glossBossWash,
  moveServerClock,
  signInAsDemo,
  signUp,
  test,
} from './fixtures.ts';

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', zip: '94105' };

/** An instant at noon of a calendar date in Los Angeles (Gloss Boss's zone), near enough for a day's arithmetic. */
const noonInLosAngeles = (date: string) => new Date(`${date}T20:00:00Z`);

test.afterEach(async ({ request }) => {
  await moveServerClock(request, null);
});

test('[CUSTOMER] subscribes with 4242, sets a visit rhythm, and the visit books itself into My Bookings, covered', async ({
  page,
  context,
}) => {
  await dismissNotificationPrompt(context);
  // An admin's plan that covers the Basic Exterior Wash's category.
  const { serviceId } = await glossBossWash(page.request);
  const service = await (await page.request.get(`/api/services/${serviceId}`)).json();
  await signInAsDemo(page.request, 'admin');
  const plan = await page.request.post('/api/admin/membership-plans', {
    data: {
      name: `Visits ${Date.now().toString(36)}`,
      monthlyPriceCents: 4900,
      includedVisitsPerMonth: 2,
      discountBasisPoints: 1000,
      coveredPriceLimitCents: 15000,
      categoryIds: [service.categoryId],
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = (await plan.json()).id as number;
  await page.request.post('/api/auth/logout');

  // A new member subscribes with the test card 4242.
  await signUp(page.request, 'Member');
  const subscribed = await page.request.post('/api/memberships', { data: { planId, card } });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const me = await (await page.request.get('/api/memberships/me')).json();
  const membershipId = (me.membership?.id ?? me.id) as number;
  expect(membershipId).toBeGreaterThan(0);

  const car = await page.request.post('/api/vehicles', { data: { make: 'Honda', model: 'Civic', year: 2020, vehicleType: 'Sedan' } });
  expect(car.status(), await car.text()).toBe(201);
  const place = await page.request.post('/api/addresses', {
    data: { label: 'Home', address: '500 Howard St', city: 'San Francisco', zip: '94105' },
  });
  expect(place.status(), await place.text()).toBe(201);

  // Every 2 weeks on Wednesday afternoon with Gloss Boss.
  const rhythm = await page.request.put(`/api/memberships/${membershipId}/visit-rhythm`, {
    data: {
      serviceId,
      everyWeeks: 2,
      detailerId: glossBossId,
      weekday: 3,
      timeWindow: 'afternoon',
      vehicleId: (await car.json()).id,
      savedAddressId: (await place.json()).id,
    },
  });
  expect(rhythm.status(), await rhythm.text()).toBe(200);
  const firstVisit = (await rhythm.json()).rhythm.nextVisitOn as string;

  // The server's clock moves to 5 days before the rhythm's second visit (away from other specs' days), and the
  // scheduler's pass books it: the missed first date is passed by, the second is 5 days ahead.
  const visitDate = addCalendarDays(firstVisit, 14);
  await moveServerClock(page.request, noonInLosAngeles(addCalendarDays(visitDate, -5)));
  const pass = await page.request.post('/__e2e/run-visit-scheduler');
  expect(pass.ok(), await pass.text()).toBeTruthy();
  expect((await pass.json()).booked + (await pass.json()).needs_confirmation).toBeGreaterThanOrEqual(1);

  await page.goto('/bookings');
  const visit = page.getByRole('link', { name: /Basic Exterior Wash .*Gloss Boss Mobile Detailing.* (1|2|3):00 PM/ });
  await expect(visit).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await visit.click();
  await expect(page.getByText('Covered by your plan')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // Leave Gloss Boss's calendar as it was: the member skips the visit (cancelled free).
  const schedule = await (await page.request.get(`/api/memberships/${membershipId}/visits`)).json();
  const booked = schedule.upcoming.find((v: { dueOn: string; bookingId: number | null }) => v.dueOn === visitDate);
  expect(booked?.bookingId).toBeTruthy();
  const skipped = await page.request.post(`/api/memberships/${membershipId}/visits/skip`, { data: { dueOn: visitDate } });
  expect(skipped.status(), await skipped.text()).toBe(200);
});
