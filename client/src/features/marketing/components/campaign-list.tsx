import { Link } from 'wouter';
import type { Campaign } from '@core/schemas/marketing.ts';
import { campaignChannelLabels } from '@core/schemas/marketing.ts';
import { Card } from '@/components/ui/card.tsx';
import { CampaignFigures, CampaignStatusBadge } from './campaign-figures.tsx';

/** Campaign cards: name (a link to it), status, audience and channels, figures. */
export function CampaignList({ campaigns, label }: { campaigns: Campaign[]; label: string }) {
  return (
    <ul className="grid gap-3" aria-label={label}>
      {campaigns.map((campaign) => (
        <li key={campaign.id}>
          <Card className="grid gap-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <Link
                href={`/admin/marketing/campaigns/${campaign.id}`}
                className="min-h-11 min-w-0 content-center font-semibold [overflow-wrap:anywhere] text-brand-700 underline"
              >
                {campaign.name}
              </Link>
              <CampaignStatusBadge status={campaign.status} />
            </div>
            <p className="text-sm text-neutral-600">
              {campaign.audienceName} · {campaign.channels.map((c) => campaignChannelLabels[c]).join(', ')}
            </p>
            <CampaignFigures figures={campaign.figures} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
