import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Campaign, CampaignPreview, CampaignReach, MarketingOverview } from '@core/schemas/marketing.ts';
import { audiences, campaignRecipients, campaigns, notifications, notificationSettings, outboxEmails } from '../../server/db/schema.ts';
import { runCampaignPass } from '../../server/marketing/campaign-sending.ts';
import { createApiCaller } from '../factories/api-caller.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { createTestContext, databaseKinds } from './test-app.ts';

const booked = new Date('2026-11-23T16:00:00Z');
let made = 0;
const unique = () => `${Date.now().toString(36)}${++made}`;
type Channel = 'email' | 'push' | 'in_app';

/** Campaigns (issue 19): sent once per person across restarts and instances, never to the opted out; admins only. */
describe.each(databaseKinds)('campaigns on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const api = createApiCaller(() => t, t.clock);
  const pass = (options: Parameters<typeof runCampaignPass>[2] = {}) => runCampaignPass(t.ctx, t.clock.now(), options);

  /** New customers, with their Promotions switches (null: never set, so off). */
  async function people(count: number, promotions: { inApp: boolean; push: boolean; email: boolean } | null) {
    const list = [];
    for (let i = 0; i < count; i += 1) {
      const person = await createCustomer(t.ctx, { password: undefined });
      if (promotions) await t.db.insert(notificationSettings).values({ userId: person.id, type: 'promotions', ...promotions });
      list.push(person);
    }
    return list;
  }
  /** An audience that holds exactly these people: signed up in a window only they were moved into. */
  async function audienceOf(ids: number[]) {
    const day = `2001-01-${String((made % 27) + 1).padStart(2, '0')}`;
    const { users } = await import('../../server/db/schema.ts');
    await t.db
      .update(users)
      .set({ createdAt: new Date(`${day}T12:00:00Z`) })
      .where(inArray(users.id, ids));
    const response = await api(t.admin, 'POST', '/api/admin/audiences', {
      name: `Audience ${unique()}`,
      rules: { signedUpFrom: day, signedUpTo: day },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }
  async function campaign(audienceId: number, channels: Channel[], extra: object = {}) {
    const response = await api(t.admin, 'POST', '/api/admin/campaigns', {
      name: `Campaign ${unique()}`,
      audienceId,
      channels,
      subject: 'Spring shine',
      body: '20% off an exterior wash this week.',
      ctaUrl: '/services',
      ctaLabel: 'Book now',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Campaign;
  }
  const recipients = (campaignId: number) => t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
  const promotionsOf = (userIds: number[]) =>
    t.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, userIds), eq(notifications.type, 'promotions')));

  it('sends once per person when two passes run at once and when a pass stops midway and a new instance resumes', async () => {
    const opted = await people(7, { inApp: true, push: false, email: true });
    const optedOut = await people(2, null);
    const audienceId = await audienceOf([...opted, ...optedOut].map((p) => p.id));
    const made = await campaign(audienceId, ['in_app', 'email']);
    expect((await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/send`)).json()).toMatchObject({ status: 'scheduled' });

    // A pass that stops after one batch of 2: the list is frozen, 2 sent, the rest pending.
    await pass({ batchSize: 2, maxBatches: 1 });
    let rows = await recipients(made.id);
    expect(rows.map((r) => r.userId).sort()).toEqual(opted.map((p) => p.id).sort());
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(((await api(t.admin, 'GET', `/api/admin/campaigns/${made.id}`)).json() as Campaign).figures).toMatchObject({
      recipients: 7,
      processed: 2,
    });

    // A fresh instance (its own context, mailer and publisher) on the same database, and a second pass of this
    // one, run at the same time.
    const other = createTestContext(t.db, { gateway: t.ctx.gateway, clock: t.clock });
    await Promise.all([runCampaignPass(other, t.clock.now(), { batchSize: 2 }), pass({ batchSize: 2 })]);
    await pass();
    rows = await recipients(made.id);
    expect(rows.every((r) => r.status === 'sent' && r.deliveredAt !== null)).toBe(true);
    const inApp = await promotionsOf(opted.map((p) => p.id));
    expect(inApp.map((n) => n.userId).sort()).toEqual(opted.map((p) => p.id).sort());
    expect(inApp[0]).toMatchObject({ title: 'Spring shine', entityId: '/services' });
    const emails = await t.db
      .select()
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.to,
          opted.map((p) => p.email),
        ),
      );
    expect(emails).toHaveLength(7);
    expect(emails[0]!.text).toMatch(/Unsubscribe: http.*\/api\/m\/u\/[a-f0-9]{64}/);
    // The opted out (no Promotions row: off by default) got nothing on any channel.
    expect(await promotionsOf(optedOut.map((p) => p.id))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(outboxEmails)
        .where(
          inArray(
            outboxEmails.to,
            optedOut.map((p) => p.email),
          ),
        ),
    ).toHaveLength(0);
    const done = (await api(t.admin, 'GET', `/api/admin/campaigns/${made.id}`)).json() as Campaign;
    expect(done).toMatchObject({ status: 'sent', figures: { recipients: 7, processed: 7, sent: 7, delivered: 7 } });
  });

  it('respects each channel switch, and skips whoever turned Promotions off after the list was frozen', async () => {
    const [emailOnly, later] = [
      ...(await people(1, { inApp: false, push: false, email: true })),
      ...(await people(1, { inApp: true, push: true, email: true })),
    ];
    const made = await campaign(await audienceOf([emailOnly!.id, later!.id]), ['in_app']);
    await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/send`);
    await pass({ maxBatches: 0 });
    // Only in-app is sent: the email-only person is not on the list at all.
    expect((await recipients(made.id)).map((r) => r.userId)).toEqual([later!.id]);
    await t.db
      .update(notificationSettings)
      .set({ inApp: false, push: false, email: false })
      .where(eq(notificationSettings.userId, later!.id));
    await pass();
    expect((await recipients(made.id))[0]!.status).toBe('skipped');
    expect(await promotionsOf([emailOnly!.id, later!.id])).toHaveLength(0);
  });

  it('counts opens and clicks by an unguessable token, redirects only to its own link, and unsubscribes one person', async () => {
    const [a, b] = await people(2, { inApp: false, push: false, email: true });
    const made = await campaign(await audienceOf([a!.id, b!.id]), ['email']);
    await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/send`);
    await pass();
    const [ra, rb] = (await recipients(made.id)).sort((x, y) => (x.userId === a!.id ? -1 : 1) - (y.userId === a!.id ? -1 : 1));
    expect(ra!.token).toMatch(/^[a-f0-9]{64}$/);
    expect(ra!.token).not.toBe(rb!.token);

    const pixel = await api(null, 'GET', `/api/m/o/${ra!.token}.gif`);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    const click = await api(null, 'GET', `/api/m/c/${ra!.token}?url=https://evil.example`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toMatch(/^http:\/\/[^/]+\/services$/);
    for (const url of [
      '/api/m/c/' + 'f'.repeat(64),
      '/api/m/c/https%3A%2F%2Fevil.example',
      '/api/m/o/nope.gif',
      '/api/m/u/' + '0'.repeat(64),
    ]) {
      expect((await api(null, 'GET', url)).statusCode, url).toBe(404);
    }
    const figures = ((await api(t.admin, 'GET', `/api/admin/campaigns/${made.id}`)).json() as Campaign).figures;
    expect(figures).toMatchObject({ sent: 2, delivered: 2, opened: 1, clicked: 1 });

    const settingOf = async (userId: number) =>
      (
        await t.db
          .select()
          .from(notificationSettings)
          .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.type, 'promotions')))
      )[0];
    // Opening the link (a mail scanner or a link preview does that to every link) asks, and changes nothing.
    const before = await settingOf(b!.id);
    expect(before).toMatchObject({ email: true });
    const asked = await api(null, 'GET', `/api/m/u/${rb!.token}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Unsubscribe from promotions?');
    expect(asked.body).toContain(`<form method="post" action="/api/m/u/${rb!.token}">`);
    expect(await settingOf(b!.id)).toEqual(before);
    expect((await api(null, 'POST', '/api/m/u/' + '0'.repeat(64))).statusCode).toBe(404);
    const unsubscribed = await api(null, 'POST', `/api/m/u/${rb!.token}`);
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.body).toContain("You're unsubscribed");
    expect(await settingOf(b!.id)).toMatchObject({ inApp: false, push: false, email: false });
    expect(await settingOf(a!.id)).toMatchObject({ email: true });
  });

  it('emails an HTML part with the escaped text, the tracked button, the unsubscribe link and a real open pixel', async () => {
    const [a, b] = await people(2, { inApp: false, push: false, email: true });
    const made = await campaign(await audienceOf([a!.id, b!.id]), ['email'], {
      subject: 'Shine <b>now</b>',
      body: 'Hello <script>alert("x")</script> & more\n\nSecond paragraph',
      ctaLabel: 'Book "now" <i>',
    });
    await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/send`);
    await pass();
    const tokenOf = new Map((await recipients(made.id)).map((r) => [r.userId, r.token]));
    const emails = await t.db
      .select()
      .from(outboxEmails)
      .where(inArray(outboxEmails.to, [a!.email, b!.email]));
    expect(emails).toHaveLength(2);
    for (const [person, other] of [
      [a!, b!],
      [b!, a!],
    ] as const) {
      const email = emails.find((e) => e.to === person.email)!;
      const token = tokenOf.get(person.id)!;
      const html = email.html!;
      expect(html).toMatch(new RegExp(`<img src="http://[^"]+/api/m/o/${token}\\.gif" width="1" height="1" alt="">`));
      expect(html).toMatch(new RegExp(`<a href="http://[^"]+/api/m/c/${token}"[^>]*>Book &quot;now&quot; &lt;i&gt;</a>`));
      expect(html).toMatch(new RegExp(`<a href="http://[^"]+/api/m/u/${token}"`));
      expect(html).not.toContain(tokenOf.get(other.id)!);
      expect(html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</p>');
      expect(html).toContain('<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">Second paragraph</p>');
      expect(html).toContain('<title>Shine &lt;b&gt;now&lt;/b&gt;</title>');
      expect(html).not.toMatch(/<script|<i>|<b>/);
      expect(email.text).not.toContain('[image:');
      expect(email.text).not.toContain('/api/m/o/');
      expect(email.text).toContain(`Book "now" <i>: http`);
      expect(email.text).toContain(`/api/m/c/${token}`);
      expect(email.text).toContain(`Unsubscribe: http`);
      expect(email.text).toContain(`/api/m/u/${token}`);
    }

    // The pixel is a real 1×1 GIF, never cached, and the first load alone sets opened_at.
    const tokenA = tokenOf.get(a!.id)!;
    const first = await api(null, 'GET', `/api/m/o/${tokenA}.gif`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/gif');
    expect(first.headers['cache-control']).toContain('no-store');
    expect(first.headers['cache-control']).toContain('no-cache');
    const gif = first.rawPayload;
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([1, 1]);
    const openedAt = async () => (await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.token, tokenA)))[0]!.openedAt;
    const opened = await openedAt();
    expect(opened?.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(60_000);
    expect((await api(null, 'GET', `/api/m/o/${tokenA}.gif`)).statusCode).toBe(200);
    expect((await openedAt())?.getTime()).toBe(opened!.getTime());
    expect(
      (
        await t.db
          .select()
          .from(campaignRecipients)
          .where(eq(campaignRecipients.token, tokenOf.get(b!.id)!))
      )[0]!.openedAt,
    ).toBeNull();
    expect(((await api(t.admin, 'GET', `/api/admin/campaigns/${made.id}`)).json() as Campaign).figures).toMatchObject({ opened: 1 });
  });

  it('previews, edits only drafts, schedules in the future only, cancels, and shows the overview', async () => {
    const audienceId = await audienceOf((await people(1, null)).map((p) => p.id));
    const made = await campaign(audienceId, ['email', 'push']);
    const preview = (await api(t.admin, 'GET', `/api/admin/campaigns/${made.id}/preview`)).json() as CampaignPreview;
    expect(preview.email.subject).toBe('Spring shine');
    expect(preview.email.text).toContain('Book now: ');
    expect(preview.email.text).toContain('Unsubscribe: ');
    expect(preview.push).toEqual({ title: 'Spring shine', body: '20% off an exterior wash this week.' });

    const past = await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/schedule`, { sendAt: '2026-01-01T00:00:00.000Z' });
    expect(past.statusCode).toBe(400);
    const later = await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/schedule`, { sendAt: '2026-12-24T09:00:00.000Z' });
    expect(later.json()).toMatchObject({ status: 'scheduled', scheduledAt: '2026-12-24T09:00:00.000Z' });
    await pass();
    expect((await t.db.select().from(campaigns).where(eq(campaigns.id, made.id)))[0]!.status).toBe('scheduled');
    expect((await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/cancel`)).json()).toMatchObject({ status: 'canceled' });
    const edit = await api(t.admin, 'PUT', `/api/admin/campaigns/${made.id}`, {
      name: 'n',
      audienceId,
      channels: ['email'],
      subject: 's',
      body: 'b',
    });
    expect(edit.statusCode).toBe(409);
    expect((await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/send`)).statusCode).toBe(409);

    for (const bad of [
      { audienceId: 999999 },
      { channels: [] },
      { channels: ['sms'] },
      { ctaUrl: 'https://evil.example' },
      { ctaUrl: '//evil.example' },
      { promoCodeId: 999999 },
    ]) {
      const response = await api(t.admin, 'POST', '/api/admin/campaigns', {
        name: 'x',
        audienceId,
        channels: ['email'],
        subject: 's',
        body: 'b',
        ...bad,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const overview = (await api(t.admin, 'GET', '/api/admin/marketing')).json() as MarketingOverview;
    expect(overview.recentCampaigns.map((c) => c.id)).toContain(made.id);
    expect(Array.isArray(overview.activeCodes)).toBe(true);
    expect((await api(t.admin, 'GET', '/api/admin/campaigns/999999')).statusCode).toBe(404);
  });

  it('refuses every campaign and marketing route to customers, detailers and the signed-out', async () => {
    const someone = (await people(1, null))[0]!;
    const { user: detailer } = await createDetailer(t.ctx);
    const [anAudience] = await t.db.select().from(audiences).limit(1);
    const id = (await campaign(anAudience!.id, ['email'])).id;
    const routes = [
      ['GET', '/api/admin/marketing'],
      ['GET', '/api/admin/campaigns'],
      ['POST', '/api/admin/campaigns'],
      ['GET', `/api/admin/campaigns/${id}`],
      ['PUT', `/api/admin/campaigns/${id}`],
      ['GET', `/api/admin/campaigns/${id}/preview`],
      ['POST', `/api/admin/campaigns/${id}/send`],
      ['POST', `/api/admin/campaigns/${id}/schedule`],
      ['POST', `/api/admin/campaigns/${id}/cancel`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await api(null, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(someone, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(detailer, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status).toBe('draft');
  });

  it("a campaign's reach equals what it sends: per channel, with the Promotions-off left out and counted", async () => {
    const both = await people(3, { inApp: true, push: false, email: true });
    const emailOnly = await people(2, { inApp: false, push: false, email: true });
    const never = await people(4, null);
    const audienceId = await audienceOf([...both, ...emailOnly, ...never].map((p) => p.id));
    const reachOf = async (channels: Channel[]) => {
      const response = await api(t.admin, 'POST', '/api/admin/campaigns/reach', { audienceId, channels });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CampaignReach;
    };
    expect(await reachOf(['in_app'])).toEqual({ audience: 9, recipients: 3, byChannel: { in_app: 3 }, promotionsOff: 6 });
    const reach = await reachOf(['in_app', 'email']);
    expect(reach).toEqual({ audience: 9, recipients: 5, byChannel: { in_app: 3, email: 5 }, promotionsOff: 4 });

    const made = await campaign(audienceId, ['in_app', 'email']);
    await api(t.admin, 'POST', `/api/admin/campaigns/${made.id}/send`);
    await pass();
    const figures = ((await api(t.admin, 'GET', `/api/admin/campaigns/${made.id}`)).json() as Campaign).figures;
    expect(figures.recipients).toBe(reach.recipients);
    expect(figures.sent).toBe(reach.recipients);
    expect(await promotionsOf([...both, ...emailOnly, ...never].map((p) => p.id))).toHaveLength(reach.byChannel.in_app!);
  });

  it('reach: admins only, checked before the body; an unknown audience is a 404 and a bad channel a 400 naming it', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    expect((await api(null, 'POST', '/api/admin/campaigns/reach', { audienceId: 'x' })).statusCode).toBe(401);
    expect((await api(customer, 'POST', '/api/admin/campaigns/reach', { audienceId: 'x' })).statusCode).toBe(403);
    expect((await api(t.admin, 'POST', '/api/admin/campaigns/reach', { audienceId: 999_999, channels: ['email'] })).statusCode).toBe(404);
    const bad = await api(t.admin, 'POST', '/api/admin/campaigns/reach', { audienceId: 1, channels: ['fax'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Channel must be email, push or in-app');
  });
});
