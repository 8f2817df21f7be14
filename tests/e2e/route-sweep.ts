import type { APIRequestContext, Page } from '@playwright/test';
import { routeTable } from '../../client/src/app/route-table.ts';
import { expect, glossBossId, glossBossWash, signInAsDemo, signUp, workdayAhead } from './fixtures.ts';

/**
 * The sweeps (role-sweep.spec.ts, narrow-sweep.spec.ts) open every route of the router's table, the spec's route list
 * plus the product's own, as each role: one page load per route per role in one signed-in page.
 */

export type SweepRole = 'customer' | 'detailer' | 'new detailer' | 'admin';

/** Who each sweep signs in as: the demo accounts (a history to show), and a detailer who has just signed up. */
export async function signInForSweep(request: APIRequestContext, role: SweepRole) {
  if (role === 'new detailer') {
    const account = await signUp(request, 'Sweep Detailer', 'detailer');
    return account.email;
  }
  return (await signInAsDemo(request, role)).email;
}

const slotTimes = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM'];

/**
 * A booking with Gloss Boss (the demo detailer) at the first free slot from 30 days ahead, as `request`'s customer,
 * paid with the test card when `pay`: then it is the detailer's new request. Other specs share the seed detailer,
 * so a taken slot (409) moves on to the next.
 */
export async function bookWithGlossBoss(request: APIRequestContext, pay: boolean): Promise<number> {
  const { serviceId, timeZone } = await glossBossWash(request);
  const first = 30 + Math.floor(Math.random() * 20);
  for (let days = first; days < first + 10; days += 1) {
    for (const time of slotTimes) {
      const created = await request.post('/api/bookings', {
        data: {
          detailerId: glossBossId,
          serviceId,
          vehicleType: 'Sedan',
          date: workdayAhead(timeZone, days),
          time,
          address: '500 Howard St',
          city: 'San Francisco',
          zip: '94105',
        },
      });
      if (created.status() === 409) continue;
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      if (!pay) return id;
      const intent = await request.post('/api/create-payment-intent', { data: { bookingId: id, appliedCredits: 0 } });
      expect(intent.ok(), await intent.text()).toBeTruthy();
      const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', zip: '94105' };
      const paid = await request.post('/api/payments/test-gateway/confirm', {
        data: { clientSecret: (await intent.json()).clientSecret, card },
      });
      expect(paid.ok(), await paid.text()).toBeTruthy();
      return id;
    }
  }
  throw new Error('No free slot with Gloss Boss in ten working days');
}

/**
 * Gives `email` an unread notification, sent by the demo admin through the admin's own form's endpoint: the bell then
 * shows a count on every signed-in screen, which the axe run must see (the count is part of the bell's name).
 */
export async function giveUnreadNotification(admin: APIRequestContext, email: string) {
  const sent = await admin.post('/api/admin/notifications', {
    data: { email, title: 'Sweep notice', message: 'A notice left unread for the sweep.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

type Ids = { bookingId: number | null; serviceId: number; campaignId: number; unpaidBookingId?: number };

/** The ids the routes' parameters take for this signed-in user: their own booking, a listed service, a campaign. */
export async function idsFor(request: APIRequestContext, admin: APIRequestContext): Promise<Ids> {
  const { serviceId } = await glossBossWash(request);
  // A finished job when there is one: its receipt and reviews have something to show.
  const listed = async (query: string) => {
    const response = await request.get(`/api/bookings${query}`);
    return response.ok() ? ((await response.json()) as { id: number }[]) : [];
  };
  const completed = await listed('?status=completed');
  const list = completed.length > 0 ? completed : await listed('');
  return { bookingId: list[0]?.id ?? null, serviceId, campaignId: await sweepCampaign(admin) };
}

/**
 * A campaign for the campaign pages, made once per run by the admin: its name is as long as the form allows, with a
 * long word in it, so its title row shows whether a long name fits a 320 px phone.
 */
async function sweepCampaign(admin: APIRequestContext): Promise<number> {
  const name = 'SpringInteriorRefresh2026-TwentyPercentOff: deep cleaning for returning customers'.slice(0, 80);
  const campaigns = (await (await admin.get('/api/admin/campaigns')).json()) as { id: number; name: string }[];
  const made = campaigns.find((campaign) => campaign.name === name);
  if (made) return made.id;
  const audience = await admin.post('/api/admin/audiences', { data: { name: 'Sweep audience', rules: {} } });
  expect(audience.status(), await audience.text()).toBe(201);
  const campaign = await admin.post('/api/admin/campaigns', {
    data: {
      name,
      audienceId: ((await audience.json()) as { id: number }).id,
      channels: ['in_app'],
      subject: 'Spring shine',
      body: 'Book a deep clean this week.',
    },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  return ((await campaign.json()) as { id: number }).id;
}

/** Every route of the table as a URL to open, its parameters filled in; routes whose id this user lacks are left out. */
export function sweepUrls(ids: Ids): string[] {
  const fill: Record<string, string | null> = {
    ':id?': String(glossBossId),
    ':serviceId': String(ids.serviceId),
    ':bookingId': ids.bookingId === null ? null : String(ids.bookingId),
  };
  const urls: string[] = [];
  for (const { path } of routeTable) {
    let url = path;
    if (path.startsWith('/detailers/')) url = `/detailers/${glossBossId}`;
    else if (path.startsWith('/services/')) url = `/services/${ids.serviceId}`;
    else if (path.startsWith('/admin/marketing/campaigns/:id')) url = path.replace(':id', String(ids.campaignId));
    // The payment page of the customer's own booking waiting for its payment (the spec's default, booking 1, is
    // someone else's); other roles open it bare and are sent to their own page.
    else if (path === '/checkout' && ids.unpaidBookingId !== undefined) url = `/checkout?bookingId=${ids.unpaidBookingId}`;
    else if (path === '/reviews/:id') {
      if (ids.bookingId === null) continue;
      url = `/reviews/booking-${ids.bookingId}`;
    } else if (path.includes(':id') && path !== '/booking/:id?') {
      if (ids.bookingId === null) continue;
      url = path.replace(':id', String(ids.bookingId));
    }
    for (const [param, value] of Object.entries(fill)) {
      if (!url.includes(param)) continue;
      if (value === null) url = '';
      else url = url.replace(param, value);
    }
    if (url) urls.push(url);
  }
  return urls;
}

/** Opens `url` and waits until its data has arrived: no request in flight, no loading spinner left. */
export async function openAndSettle(page: Page, url: string) {
  // Not 'networkidle': a signed-in page keeps its live stream open, so the network is never idle and every page
  // would wait out the whole timeout. A page has settled when nothing on it is loading any more.
  await page.goto(url);
  await page
    // Settled: the page's own heading is there (a redirect has landed) and nothing is loading.
    .waitForFunction(
      () => document.querySelector('h1') && !document.querySelector('[role="status"] .animate-spinner, .animate-pulse, [aria-busy="true"]'),
      undefined,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

/** What sticks out at the page's width: its own sideways scroll, and each element past the edge that nothing clips. */
export function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).position === 'fixed') return false;
      // Past the right edge is what scrolls sideways (what sits left of 0 cannot be scrolled to: a screen reader's
      // announcement kept out of sight is there).
      return (box.right > width + 0.5 || box.width > width + 0.5) && !clipped(element);
    });
    // The innermost of each: the element that is too wide itself, not every box around it.
    const outermost = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)));
    return {
      scrollsSideways: root.scrollWidth > width,
      scrollWidth: root.scrollWidth,
      wide: outermost
        .slice(0, 3)
        .map(
          (element) =>
            `<${element.tagName.toLowerCase()}> '${(element.textContent ?? '').trim().slice(0, 40)}' ${Math.round(element.getBoundingClientRect().right)}px`,
        ),
    };
  });
}
