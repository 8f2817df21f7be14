import type { campaigns } from '../db/schema.ts';

// A campaign's email (decision 022): a text part and an HTML part carrying the same words and links. Only the
// HTML part has the open pixel: mail clients load images from HTML, never from a line of text.

type CampaignRow = typeof campaigns.$inferSelect;
type CampaignContent = Pick<CampaignRow, 'subject' | 'body' | 'ctaLabel'>;

const trimOrigin = (url: string) => url.replace(/\/$/, '');
export const trackedLink = (appUrl: string, token: string) => `${trimOrigin(appUrl)}/api/m/c/${token}`;
export const openPixel = (appUrl: string, token: string) => `${trimOrigin(appUrl)}/api/m/o/${token}.gif`;
export const unsubscribeLink = (appUrl: string, token: string) => `${trimOrigin(appUrl)}/api/m/u/${token}`;

const whyYouGetThis = 'You get this email because Promotions are on in your notification settings.';

/** The in-app and push text: the campaign's text, and its code when it has one. */
export const campaignMessage = (campaign: Pick<CampaignRow, 'body'>, code: string | null) =>
  code ? `${campaign.body}\n\nUse code ${code} at checkout.` : campaign.body;

/** The text part: the text, the code, the call to action through the tracked link, and the unsubscribe link. */
export function campaignEmailText(
  campaign: Pick<CampaignRow, 'body' | 'ctaLabel'>,
  code: string | null,
  appUrl: string,
  token: string,
): string {
  return [
    campaignMessage(campaign, code),
    `${campaign.ctaLabel ?? 'Open Glossly'}: ${trackedLink(appUrl, token)}`,
    `${whyYouGetThis} Unsubscribe: ${unsubscribeLink(appUrl, token)}`,
  ].join('\n\n');
}

/** Every string an admin typed is text, never markup: a `<script>` in a campaign arrives as the words `<script>`. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Blank lines split paragraphs; a single line break stays a line break. */
const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(
      (part) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(part).replace(/\r?\n/g, '<br>')}</p>`,
    )
    .join('\n');

/**
 * The HTML part: the text as paragraphs, the call to action as a button through the tracked link, the unsubscribe
 * link, and the 1×1 open pixel last (so the email counts as opened once its images load).
 */
export function campaignEmailHtml(campaign: CampaignContent, code: string | null, appUrl: string, token: string): string {
  const cta = escapeHtml(campaign.ctaLabel ?? 'Open Glossly');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(campaign.subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto">
${paragraphs(campaignMessage(campaign, code))}
<p style="margin:24px 0"><a href="${escapeHtml(trackedLink(appUrl, token))}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#1d4ed8;color:#ffffff;font-weight:600;text-decoration:none">${cta}</a></p>
<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#52606d">${whyYouGetThis} <a href="${escapeHtml(unsubscribeLink(appUrl, token))}" style="color:#52606d">Unsubscribe</a></p>
</div>
<img src="${escapeHtml(openPixel(appUrl, token))}" width="1" height="1" alt="">
</body>
</html>
`;
}
