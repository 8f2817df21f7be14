import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import type { Campaign, CampaignChannel, CampaignFigures, CampaignPreview, MarketingOverview } from '@core/schemas/marketing.ts';
import { campaignInputSchema } from '@core/schemas/marketing.ts';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { audiences, bookings, campaignRecipients, campaigns, promoCodes } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { campaignEmailText, campaignMessage } from './campaign-email.ts';

type CampaignRow = typeof campaigns.$inferSelect;
type ParsedCampaignInput = z.infer<typeof campaignInputSchema>;

const emptyFigures: CampaignFigures = { recipients: 0, processed: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, bookings: 0 };

/** Each campaign's figures, in two grouped queries: recipients by state, and paid bookings with its code. */
async function figuresOf(db: Database, rows: CampaignRow[]): Promise<Map<number, CampaignFigures>> {
  const figures = new Map<number, CampaignFigures>(rows.map((row) => [row.id, { ...emptyFigures }]));
  if (rows.length === 0) return figures;
  const ids = rows.map((row) => row.id);
  const counted = await db
    .select({
      campaignId: campaignRecipients.campaignId,
      recipients: sql<number>`count(*)::int`,
      processed: sql<number>`(count(*) filter (where ${campaignRecipients.status} <> 'pending'))::int`,
      sent: sql<number>`(count(*) filter (where ${campaignRecipients.status} = 'sent'))::int`,
      delivered: sql<number>`count(${campaignRecipients.deliveredAt})::int`,
      opened: sql<number>`count(${campaignRecipients.openedAt})::int`,
      clicked: sql<number>`count(${campaignRecipients.clickedAt})::int`,
    })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, ids))
    .groupBy(campaignRecipients.campaignId);
  for (const row of counted) Object.assign(figures.get(row.campaignId)!, { ...row, campaignId: undefined });
  // Bookings made with its code: paid (requested) after the campaign started.
  for (const row of rows) {
    if (row.promoCodeId === null || row.startedAt === null) continue;
    const [booked] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          eq(bookings.promoCodeId, row.promoCodeId),
          sql`exists (select 1 from booking_events e where e.booking_id = ${bookings.id} and e.to_status = 'requested' and e.created_at >= ${row.startedAt})`,
        ),
      );
    figures.get(row.id)!.bookings = Number(booked?.count ?? 0);
  }
  return figures;
}

async function toApi(db: Database, rows: CampaignRow[]): Promise<Campaign[]> {
  if (rows.length === 0) return [];
  const figures = await figuresOf(db, rows);
  const audienceNames = new Map(
    (
      await db
        .select({ id: audiences.id, name: audiences.name })
        .from(audiences)
        .where(inArray(audiences.id, [...new Set(rows.map((r) => r.audienceId))]))
    ).map((a) => [a.id, a.name]),
  );
  const codeIds = rows.map((r) => r.promoCodeId).filter((id): id is number => id !== null);
  const codes = new Map(
    codeIds.length > 0
      ? (await db.select({ id: promoCodes.id, code: promoCodes.code }).from(promoCodes).where(inArray(promoCodes.id, codeIds))).map((c) => [
          c.id,
          c.code,
        ])
      : [],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    audienceId: row.audienceId,
    audienceName: audienceNames.get(row.audienceId) ?? '',
    channels: row.channels as CampaignChannel[],
    subject: row.subject,
    body: row.body,
    promoCodeId: row.promoCodeId,
    promoCode: row.promoCodeId === null ? null : (codes.get(row.promoCodeId) ?? null),
    ctaUrl: row.ctaUrl,
    ctaLabel: row.ctaLabel,
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    figures: figures.get(row.id)!,
  }));
}

async function findRow(db: Database, id: number): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound('Campaign not found');
  return row;
}

export async function listCampaigns(db: Database, actor: Actor, limit = 200): Promise<Campaign[]> {
  requireRole(actor, 'admin');
  return toApi(db, await db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(limit));
}

export async function getCampaign(db: Database, actor: Actor, id: number): Promise<Campaign> {
  requireRole(actor, 'admin');
  return (await toApi(db, [await findRow(db, id)]))[0]!;
}

/** The audience and code a campaign names must exist: a 400 at the field, nothing written. */
async function checkReferences(db: Database, input: ParsedCampaignInput) {
  const [audience] = await db.select({ id: audiences.id }).from(audiences).where(eq(audiences.id, input.audienceId));
  if (!audience) throw badRequest('Audience not found', { audienceId: 'Choose a saved audience' });
  if (input.promoCodeId !== null) {
    const [code] = await db
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.id, input.promoCodeId), isNull(promoCodes.ownerDetailerId)));
    if (!code) throw badRequest('Promo code not found', { promoCodeId: 'Choose one of the admin promo codes' });
  }
}

const values = (input: ParsedCampaignInput) => ({
  name: input.name,
  audienceId: input.audienceId,
  channels: input.channels,
  subject: input.subject,
  body: input.body,
  promoCodeId: input.promoCodeId,
  ctaUrl: input.ctaUrl,
  ctaLabel: input.ctaLabel,
});

export async function createCampaign(db: Database, actor: Actor, now: Date, input: ParsedCampaignInput): Promise<Campaign> {
  const admin = requireRole(actor, 'admin');
  await checkReferences(db, input);
  const [row] = await db
    .insert(campaigns)
    .values({ ...values(input), createdByUserId: admin.id, createdAt: now, updatedAt: now })
    .returning();
  return (await toApi(db, [row!]))[0]!;
}

const notEditable = 'Only a draft or scheduled campaign can be changed';

/** A draft or a scheduled campaign may change; one that started sending keeps what it sent. */
export async function updateCampaign(db: Database, actor: Actor, now: Date, id: number, input: ParsedCampaignInput): Promise<Campaign> {
  requireRole(actor, 'admin');
  await findRow(db, id);
  await checkReferences(db, input);
  const [row] = await db
    .update(campaigns)
    .set({ ...values(input), updatedAt: now })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, ['draft', 'scheduled'])))
    .returning();
  if (!row) throw conflict(notEditable);
  return (await toApi(db, [row]))[0]!;
}

/** Send now (at = now) or at a time: the scheduler starts it when due. A time in the past is refused. */
export async function scheduleCampaign(db: Database, actor: Actor, now: Date, id: number, at: Date | null): Promise<Campaign> {
  requireRole(actor, 'admin');
  await findRow(db, id);
  if (at && at.getTime() <= now.getTime()) throw badRequest('Send at must be in the future', { sendAt: 'Choose a time in the future' });
  const [row] = await db
    .update(campaigns)
    .set({ status: 'scheduled', scheduledAt: at ?? now, updatedAt: now })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, ['draft', 'scheduled'])))
    .returning();
  if (!row) throw conflict('This campaign was already sent or canceled');
  return (await toApi(db, [row]))[0]!;
}

/** Cancels a draft, a scheduled campaign or one still sending (whoever was not reached yet is not sent it). */
export async function cancelCampaign(db: Database, actor: Actor, now: Date, id: number): Promise<Campaign> {
  requireRole(actor, 'admin');
  await findRow(db, id);
  const [row] = await db
    .update(campaigns)
    .set({ status: 'canceled', finishedAt: now, updatedAt: now })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, ['draft', 'scheduled', 'sending'])))
    .returning();
  if (!row) throw conflict('This campaign was already sent or canceled');
  return (await toApi(db, [row]))[0]!;
}

/** The email, push and in-app text as they go out (the email's links carry a sample token). */
export async function previewCampaign(ctx: AppContext, actor: Actor, id: number): Promise<CampaignPreview> {
  requireRole(actor, 'admin');
  const row = await findRow(ctx.db, id);
  const [code] =
    row.promoCodeId === null
      ? []
      : await ctx.db.select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.id, row.promoCodeId));
  const codeText = code?.code ?? null;
  const message = campaignMessage(row, codeText);
  return {
    email: { subject: row.subject, text: campaignEmailText(row, codeText, ctx.config.PUBLIC_URL, 'preview') },
    push: { title: row.subject, body: message },
    inApp: { title: row.subject, message, link: row.ctaUrl },
  };
}

/** /admin/marketing: the admin codes live now (started, not ended, not paused) and the ten latest campaigns. */
export async function marketingOverview(db: Database, actor: Actor, now: Date): Promise<MarketingOverview> {
  requireRole(actor, 'admin');
  const codes = await db
    .select({
      id: promoCodes.id,
      code: promoCodes.code,
      usesCount: promoCodes.usesCount,
      maxUses: promoCodes.maxUses,
      endsAt: promoCodes.endsAt,
    })
    .from(promoCodes)
    .where(
      and(
        isNull(promoCodes.ownerDetailerId),
        isNull(promoCodes.pausedAt),
        lte(promoCodes.startsAt, now),
        or(isNull(promoCodes.endsAt), gt(promoCodes.endsAt, now)),
      ),
    )
    .orderBy(desc(promoCodes.createdAt))
    .limit(20);
  return {
    activeCodes: codes.map((c) => ({ ...c, endsAt: c.endsAt?.toISOString() ?? null })),
    recentCampaigns: await listCampaigns(db, actor, 10),
  };
}
