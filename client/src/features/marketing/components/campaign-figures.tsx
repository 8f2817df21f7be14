import type { Campaign, CampaignStatus } from '@core/schemas/marketing.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { TermList } from '@/components/ui/term-list.tsx';

export const statusLabels: Record<CampaignStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'neutral' },
  scheduled: { label: 'Scheduled', variant: 'brand' },
  sending: { label: 'Sending', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  canceled: { label: 'Canceled', variant: 'danger' },
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { label, variant } = statusLabels[status];
  return (
    <Badge variant={variant} className="shrink-0">
      {label}
    </Badge>
  );
}

/** Sent, delivered, opened, clicked and bookings with its code, as a definition list. */
export function CampaignFigures({ figures }: { figures: Campaign['figures'] }) {
  return (
    <TermList
      terms={[
        ['Sent', figures.sent],
        ['Delivered', figures.delivered],
        ['Opened', figures.opened],
        ['Clicked', figures.clicked],
        ['Bookings', figures.bookings],
      ]}
      className="grid grid-cols-5 gap-1 text-center"
      rowClassName="grid gap-0.5 rounded-control bg-neutral-50 px-1 py-2"
      termClassName="text-xs"
      valueClassName="text-base font-semibold"
    />
  );
}

/** How far sending got: a progress bar screen readers announce as a percentage. */
export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const { recipients, processed } = campaign.figures;
  const percent = campaign.status === 'sent' ? 100 : recipients === 0 ? 0 : Math.floor((processed / recipients) * 100);
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between text-sm text-neutral-700">
        <span id={`campaign-${campaign.id}-progress`}>Sending progress</span>
        <span>
          {percent} % · {processed} of {recipients}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`campaign-${campaign.id}-progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        className="h-3 overflow-hidden rounded-full bg-neutral-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
