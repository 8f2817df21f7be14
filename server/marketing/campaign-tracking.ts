import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { campaignRecipients, campaigns, notificationSettings } from '../db/schema.ts';

// The links in a campaign's email (decision 022): the token is the recipient row's unguessable id, so a link
// names one person of one campaign and nothing else. None of these need a session: they are opened from an inbox.

async function recipientOf(db: Database, token: string) {
  const [row] = await db
    .select({ id: campaignRecipients.id, userId: campaignRecipients.userId, ctaUrl: campaigns.ctaUrl })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(eq(campaignRecipients.token, token));
  return row ?? null;
}

/** Whether a link's token names a recipient: what the unsubscribe link's question page checks, changing nothing. */
export async function isCampaignRecipient(db: Database, token: string): Promise<boolean> {
  return (await recipientOf(db, token)) !== null;
}

/** The open pixel: the first open is counted. Answers whether the token is known. */
export async function recordOpen(db: Database, token: string, now: Date): Promise<boolean> {
  const recipient = await recipientOf(db, token);
  if (!recipient) return false;
  await db
    .update(campaignRecipients)
    .set({ openedAt: now })
    .where(and(eq(campaignRecipients.id, recipient.id), isNull(campaignRecipients.openedAt)));
  return true;
}

/**
 * The tracked link: counts the first click (a click also proves the email was opened, when images were blocked),
 * then answers where to go: the campaign's OWN call to action (an in-app path), never a URL from the request.
 * Null for an unknown token.
 */
export async function recordClick(db: Database, token: string, now: Date): Promise<string | null> {
  const recipient = await recipientOf(db, token);
  if (!recipient) return null;
  await db
    .update(campaignRecipients)
    .set({
      clickedAt: sql`coalesce(${campaignRecipients.clickedAt}, ${now})`,
      openedAt: sql`coalesce(${campaignRecipients.openedAt}, ${now})`,
    })
    .where(eq(campaignRecipients.id, recipient.id));
  const path = recipient.ctaUrl;
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}

/** The unsubscribe link: Promotions off on every channel for that one person. Answers whether the token is known. */
export async function unsubscribe(db: Database, token: string, now: Date): Promise<boolean> {
  const recipient = await recipientOf(db, token);
  if (!recipient) return false;
  const off = { inApp: false, push: false, email: false, updatedAt: now };
  await db
    .insert(notificationSettings)
    .values({ userId: recipient.userId, type: 'promotions', ...off })
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.type], set: off });
  return true;
}
