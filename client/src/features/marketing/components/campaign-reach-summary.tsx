import { useState } from 'react';
import { campaignChannelLabels, type CampaignChannel, type CampaignReach } from '@core/schemas/marketing.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useCampaignReach } from '../api/marketing-api.ts';

export const peopleCount = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

/** 'Email 5 · In-app 3': who gets it on each chosen channel, in the form's channel order. */
export const channelBreakdown = (reach: CampaignReach, channels: readonly CampaignChannel[]) =>
  channels.map((channel) => `${campaignChannelLabels[channel]} ${reach.byChannel[channel] ?? 0}`).join(' · ');

/**
 * Who a campaign reaches, from the server's recipient rule (the list 'Send now' freezes), and why the rest of the
 * audience is left out: Promotions are off until a person turns them on, so an audience of 15 may reach 0.
 */
export function CampaignReachSummary({ audienceId, channels }: { audienceId: number | null; channels: readonly CampaignChannel[] }) {
  const reach = useCampaignReach(audienceId === null ? null : { audienceId, channels: [...channels] });
  if (audienceId === null || channels.length === 0)
    return <p className="text-sm text-neutral-600">Choose an audience and a channel to see who this reaches.</p>;
  if (reach.isError) return <p className="text-sm text-danger-700">{errorMessage(reach.error, 'We could not count who this reaches.')}</p>;
  if (!reach.data) return <Skeleton className="h-16" />;
  const { recipients, audience, promotionsOff } = reach.data;
  return (
    <div className="grid gap-1" data-testid="campaign-reach">
      <p className="text-base font-semibold text-neutral-900">Reaches {peopleCount(recipients)}</p>
      <p className="text-sm text-neutral-700">{channelBreakdown(reach.data, channels)}</p>
      {promotionsOff > 0 && (
        <p className="text-sm text-neutral-600">
          {promotionsOff} of the audience's {audience} {promotionsOff === 1 ? 'is' : 'are'} left out: Promotions are off for them on these
          channels (everyone starts with Promotions off until they turn them on in Notification settings).
        </p>
      )}
    </div>
  );
}

/**
 * 'Send now' asks first, naming how many people it goes to (the server's count at this moment): a campaign to an
 * audience of 15 that reaches 0 is seen before it is sent, not after as '0 of 0'.
 */
export function SendNowButton({
  audienceId,
  channels,
  disabled,
  onSend,
}: {
  audienceId: number;
  channels: readonly CampaignChannel[];
  disabled: boolean;
  onSend: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const reach = useCampaignReach(isOpen ? { audienceId, channels: [...channels] } : null);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>Send now</Button>
      </DialogTrigger>
      <DialogContent>
        {reach.isError ? (
          <>
            <DialogTitle>Send this campaign now?</DialogTitle>
            <DialogDescription>{errorMessage(reach.error, 'We could not count who this reaches.')}</DialogDescription>
          </>
        ) : !reach.data ? (
          <>
            <DialogTitle>Send this campaign now?</DialogTitle>
            <DialogDescription>Counting who this reaches…</DialogDescription>
          </>
        ) : (
          <>
            <DialogTitle>Send to {peopleCount(reach.data.recipients)} now?</DialogTitle>
            <DialogDescription>
              {channelBreakdown(reach.data, channels)}.
              {reach.data.promotionsOff > 0
                ? ` ${reach.data.promotionsOff} of the audience's ${reach.data.audience} ${reach.data.promotionsOff === 1 ? 'has' : 'have'} Promotions off and ${reach.data.promotionsOff === 1 ? 'is' : 'are'} left out.`
                : ''}
            </DialogDescription>
          </>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <Button
            disabled={!reach.data || reach.data.recipients === 0}
            onClick={() => {
              setIsOpen(false);
              onSend();
            }}
          >
            {reach.data ? `Send to ${peopleCount(reach.data.recipients)}` : 'Send'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
