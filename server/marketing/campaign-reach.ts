import { and, count, sql, type SQL } from 'drizzle-orm';
import type { AudienceRules, CampaignChannel, CampaignReach, CampaignReachInput } from '@core/schemas/marketing.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Geocoder } from '../geo/geocoder.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { audienceCondition } from './audience-query.ts';
import { findAudienceRow, storedRules } from './audience-service.ts';

const channelColumn: Record<CampaignChannel, SQL> = { email: sql`s.email`, push: sql`s.push`, in_app: sql`s.in_app` };

/** Promotions are on for at least one of the channels (no settings row means Promotions are off). */
const wantsPromotions = (channels: readonly CampaignChannel[]) =>
  sql`exists (select 1 from notification_settings s where s.user_id = ${users.id} and s.type = 'promotions'
    and (${sql.join(
      channels.map((channel) => channelColumn[channel]),
      sql` or `,
    )}))`;

/**
 * The people a campaign to `rules` on `channels` is sent to, as a condition on `users`: the audience, minus whoever
 * has Promotions off on every channel. The sender freezes its list with it (`startDueCampaigns`) and the reach
 * counts with it: the figure the form shows is the figure 'Send now' sends to.
 */
export async function campaignRecipientCondition(
  geocoder: Geocoder,
  rules: AudienceRules,
  channels: readonly CampaignChannel[],
): Promise<SQL> {
  return and(await audienceCondition(geocoder, rules), wantsPromotions(channels))!;
}

/** How many people a campaign would reach now, on each channel, and how many of the audience it leaves out and why. */
export async function campaignReach(
  db: Database,
  geocoder: Geocoder,
  rules: AudienceRules,
  channels: readonly CampaignChannel[],
): Promise<CampaignReach> {
  const audience = await audienceCondition(geocoder, rules);
  const countWhere = async (where: SQL) => Number((await db.select({ count: count() }).from(users).where(where))[0]?.count ?? 0);
  const [everyone, recipients, ...perChannel] = await Promise.all([
    countWhere(audience),
    countWhere(await campaignRecipientCondition(geocoder, rules, channels)),
    ...channels.map(async (channel) => countWhere(await campaignRecipientCondition(geocoder, rules, [channel]))),
  ]);
  return {
    audience: everyone!,
    recipients: recipients!,
    byChannel: Object.fromEntries(channels.map((channel, index) => [channel, perChannel[index]!])),
    promotionsOff: everyone! - recipients!,
  };
}

/** POST /api/admin/campaigns/reach: an admin's; an audience that is not there is a 404. */
export async function previewCampaignReach(
  db: Database,
  geocoder: Geocoder,
  actor: Actor,
  input: CampaignReachInput,
): Promise<CampaignReach> {
  requireRole(actor, 'admin');
  const rules = storedRules(await findAudienceRow(db, input.audienceId));
  return campaignReach(db, geocoder, rules, input.channels);
}
