import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { CampaignChannel } from '@core/schemas/marketing.ts';
import type { AppContext } from '../context.ts';
import { campaignRecipients, campaigns, notificationSettings, promoCodes, users } from '../db/schema.ts';
import type { Geocoder } from '../geo/geocoder.ts';
import { notifyMany, type NewNotification } from '../notifications/notification-service.ts';
import { campaignRecipientCondition } from './campaign-reach.ts';
import { findAudienceRow, storedRules } from './audience-service.ts';
import { campaignEmailHtml, campaignEmailText, campaignMessage } from './campaign-email.ts';

export const campaignBatchSize = 50;
/** Batches one pass sends at most, so a big campaign shows its progress and a pass stays well under its timeout. */
export const campaignBatchesPerPass = 20;
export const campaignIntervalMs = 2_000;

/** An unguessable token (two random UUIDs: 244 random bits, 64 hex digits) made by the database as the row is frozen. */
const newToken = sql<string>`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`;

export async function promoCodeText(db: AppContext['db'], promoCodeId: number | null): Promise<string | null> {
  if (promoCodeId === null) return null;
  const [row] = await db.select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.id, promoCodeId));
  return row?.code ?? null;
}

/**
 * Starts every scheduled campaign that is due: scheduled → sending and its recipients frozen in ONE transaction
 * (`insert ... select ... on conflict do nothing`), so a second instance finds it no longer scheduled, and a
 * restart finds the list already made. The list is the audience now, minus whoever has Promotions off on every
 * channel the campaign uses.
 */
export async function startDueCampaigns(ctx: AppContext, geocoder: Geocoder, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'scheduled'), lte(campaigns.scheduledAt, now)))
    .orderBy(asc(campaigns.scheduledAt), asc(campaigns.id));
  let started = 0;
  for (const { id } of due) {
    const claimed = await ctx.transaction(async ({ db }) => {
      const [campaign] = await db
        .update(campaigns)
        .set({ status: 'sending', startedAt: now, updatedAt: now })
        .where(and(eq(campaigns.id, id), eq(campaigns.status, 'scheduled')))
        .returning();
      if (!campaign) return false;
      const rules = storedRules(await findAudienceRow(db, campaign.audienceId));
      const where = await campaignRecipientCondition(geocoder, rules, campaign.channels as CampaignChannel[]);
      await db.execute(sql`insert into ${campaignRecipients} (campaign_id, user_id, token)
        select ${campaign.id}::int, ${users.id}, ${newToken} from ${users} where ${where}
        on conflict do nothing`);
      return true;
    });
    if (claimed) started += 1;
  }
  return started;
}

/**
 * Sends one batch of a sending campaign in one transaction: the claim (`update ... where id in (select ... for update
 * skip locked limit n)`) and what it sends commit together, so two instances take different people and a pass
 * stopped midway leaves the rest pending for the next one. Answers how many were claimed (0: none left to take).
 */
export async function sendCampaignBatch(ctx: AppContext, campaignId: number, now: Date, batchSize = campaignBatchSize): Promise<number> {
  return ctx.transaction(async (tx) => {
    const { db } = tx;
    const [campaign] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'sending')));
    if (!campaign) return 0;
    const pending = db
      .select({ id: campaignRecipients.id })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'pending')))
      .orderBy(asc(campaignRecipients.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(campaignRecipients)
      .set({ status: 'sent', sentAt: now })
      .where(inArray(campaignRecipients.id, pending))
      .returning({ id: campaignRecipients.id, userId: campaignRecipients.userId, token: campaignRecipients.token });
    if (claimed.length === 0) return 0;

    const userIds = claimed.map((recipient) => recipient.userId);
    const settings = await db
      .select({
        userId: notificationSettings.userId,
        inApp: notificationSettings.inApp,
        push: notificationSettings.push,
        email: notificationSettings.email,
      })
      .from(notificationSettings)
      .where(and(inArray(notificationSettings.userId, userIds), eq(notificationSettings.type, 'promotions')));
    const settingsOf = new Map(settings.map((row) => [row.userId, row]));
    const people = await db
      .select({ id: users.id, email: users.email, isDisabled: users.isDisabled })
      .from(users)
      .where(inArray(users.id, userIds));
    const personOf = new Map(people.map((person) => [person.id, person]));
    const channels = new Set(campaign.channels as CampaignChannel[]);
    const code = await promoCodeText(db, campaign.promoCodeId);
    const notice = {
      type: 'promotions' as const,
      title: campaign.subject,
      message: campaignMessage(campaign, code),
      entityId: campaign.ctaUrl ?? '',
    };
    const delivered = new Set<number>();

    // In-app (and push with it) through the one notification path: it stores the row and its push's outbox row in this
    // transaction, and publishes it live after commit. The campaign's emails carry its own links, queued below.
    const inApp = channels.has('in_app') ? claimed.filter((r) => settingsOf.get(r.userId)?.inApp) : [];
    const rows = await notifyMany(
      tx,
      inApp.map((r) => ({ ...notice, userId: r.userId })),
      { push: channels.has('push'), email: false },
    );
    inApp.forEach((recipient, index) => {
      if (rows[index]) delivered.add(recipient.id);
    });
    const inAppIds = new Set(inApp.map((r) => r.id));
    const pushAlone: NewNotification[] = [];
    for (const recipient of claimed) {
      const setting = settingsOf.get(recipient.userId);
      const person = personOf.get(recipient.userId);
      if (!setting || !person || person.isDisabled) continue;
      // Push alone when no in-app row carried it (the campaign has no in-app channel, or the person turned in-app off).
      if (channels.has('push') && setting.push && !inAppIds.has(recipient.id)) {
        pushAlone.push({ ...notice, userId: recipient.userId });
        delivered.add(recipient.id);
      }
      if (channels.has('email') && setting.email) {
        await ctx.mailer.send(db, {
          to: person.email,
          subject: campaign.subject,
          text: campaignEmailText(campaign, code, ctx.config.PUBLIC_URL, recipient.token),
          html: campaignEmailHtml(campaign, code, ctx.config.PUBLIC_URL, recipient.token),
        });
        delivered.add(recipient.id);
      }
    }
    await notifyMany(tx, pushAlone, { inApp: false, push: true, email: false });
    // Delivered: a channel accepted it (the in-app row stored, the push's and the email's outbox rows written). Whoever
    // turned Promotions off after the list was frozen is skipped: they are never sent marketing.
    const skipped = claimed.filter((r) => !delivered.has(r.id)).map((r) => r.id);
    if (delivered.size > 0)
      await db
        .update(campaignRecipients)
        .set({ deliveredAt: now })
        .where(inArray(campaignRecipients.id, [...delivered]));
    if (skipped.length > 0)
      await db.update(campaignRecipients).set({ status: 'skipped', sentAt: null }).where(inArray(campaignRecipients.id, skipped));
    return claimed.length;
  });
}

/** A sending campaign with nobody left pending is sent. */
async function finishIfDone(ctx: AppContext, campaignId: number, now: Date): Promise<void> {
  await ctx.db
    .update(campaigns)
    .set({ status: 'sent', finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.status, 'sending'),
        sql`not exists (select 1 from campaign_recipients r where r.campaign_id = ${campaignId} and r.status = 'pending')`,
      ),
    );
}

export type CampaignPassOptions = { batchSize?: number; maxBatches?: number };

/** One pass of the scheduler: start the due campaigns, then send batches of every sending one. */
export async function runCampaignPass(
  ctx: AppContext,
  now: Date,
  options: CampaignPassOptions = {},
): Promise<{ started: number; sent: number }> {
  const maxBatches = options.maxBatches ?? campaignBatchesPerPass;
  const started = await startDueCampaigns(ctx, ctx.geocoder, now);
  const sending = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.status, 'sending'))
    .orderBy(asc(campaigns.id));
  let sent = 0;
  let batches = 0;
  for (const { id } of sending) {
    while (batches < maxBatches) {
      batches += 1;
      const claimed = await sendCampaignBatch(ctx, id, now, options.batchSize);
      if (claimed === 0) {
        await finishIfDone(ctx, id, now);
        break;
      }
      sent += claimed;
    }
  }
  return { started, sent };
}
