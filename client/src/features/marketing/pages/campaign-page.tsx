import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import {
  campaignChannelLabels,
  campaignScheduleFormSchema,
  type CampaignScheduleFormValues,
  type CampaignScheduleInput,
} from '@core/schemas/marketing.ts';
import { parseRouteId } from '@core/domain/ids.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useCampaign, useCampaignAction, useCampaignPreview, type CampaignAction } from '../api/marketing-api.ts';
import { CampaignFigures, CampaignProgress, CampaignStatusBadge } from '../components/campaign-figures.tsx';
import { FormField } from '../components/form-field.tsx';
import { SendNowButton } from '../components/campaign-reach-summary.tsx';

// The schema comes with the page, not at first use: the page already imports its module, and a page that both imports
// a module and loads it with import() can lose its entry in the build (glossly:route-preloads).
const scheduleResolver = schemaResolver<CampaignScheduleFormValues, CampaignScheduleInput>(() =>
  Promise.resolve(campaignScheduleFormSchema),
);

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/marketing/campaigns/:id: the preview, send now or schedule, the progress bar while sending, the figures. */
export default function CampaignPage() {
  const id = parseRouteId(useParams<{ id: string }>().id) ?? 0;
  const campaign = useCampaign(id);
  const preview = useCampaignPreview(id);
  const action = useCampaignAction(id);
  const schedule = useForm<CampaignScheduleFormValues, unknown, CampaignScheduleInput>({
    resolver: scheduleResolver,
    defaultValues: { sendAt: '' },
  });

  const run = async (input: CampaignAction, done: string) => {
    try {
      await action.mutateAsync(input);
      toast({ title: done });
    } catch (error) {
      toast({ title: errorMessage(error, 'We could not do that.'), variant: 'destructive' });
    }
  };

  const submitSchedule = schedule.handleSubmit(({ sendAt }) => run({ kind: 'schedule', sendAt }, 'Campaign scheduled'));

  if (campaign.isPending)
    return (
      <LoadingState label="Loading campaign">
        <Skeleton className="h-96" />
      </LoadingState>
    );
  if (campaign.isError) return <ErrorState message="We couldn't load this campaign." onRetry={() => campaign.refetch()} />;
  const c = campaign.data;
  const editable = c.status === 'draft' || c.status === 'scheduled';
  return (
    <section aria-labelledby="campaign-heading" className="grid gap-4 p-4">
      <div className="flex items-start justify-between gap-3">
        {/* A long name wraps, even inside a word, beside its status instead of widening the page. */}
        <h1 id="campaign-heading" className="min-w-0 text-xl font-semibold [overflow-wrap:anywhere] text-neutral-900">
          {c.name}
        </h1>
        <CampaignStatusBadge status={c.status} />
      </div>
      <p className="text-sm text-neutral-600">
        To {c.audienceName} by {c.channels.map((ch) => campaignChannelLabels[ch]).join(', ')}
        {c.promoCode ? ` · code ${c.promoCode}` : ''}
        {c.status === 'scheduled' && c.scheduledAt ? ` · sends ${when(c.scheduledAt)}` : ''}
      </p>
      {c.status !== 'draft' && c.status !== 'scheduled' && (
        <Card className="grid gap-4 p-4">
          <CampaignProgress campaign={c} />
          <CampaignFigures figures={c.figures} />
        </Card>
      )}
      {editable && (
        <Card className="grid gap-3 p-4">
          <h2 className="text-base font-semibold text-neutral-900">Send</h2>
          <SendNowButton
            audienceId={c.audienceId}
            channels={c.channels}
            disabled={action.isPending}
            onSend={() => void run({ kind: 'send' }, 'Sending started')}
          />
          <form noValidate className="grid gap-2" onSubmit={submitSchedule}>
            <FormField label="Or send at" error={schedule.formState.errors.sendAt?.message}>
              <Input type="datetime-local" {...schedule.register('sendAt')} />
            </FormField>
            <Button type="submit" variant="secondary" disabled={action.isPending}>
              Schedule
            </Button>
          </form>
          <div className="flex gap-2">
            <Button asChild variant="secondary" className="flex-1">
              <Link href={`/admin/marketing/campaigns/${c.id}/edit`}>Edit</Link>
            </Button>
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() => void run({ kind: 'cancel' }, 'Campaign canceled')}
              disabled={action.isPending}
            >
              Cancel campaign
            </Button>
          </div>
        </Card>
      )}
      {c.status === 'sending' && (
        <Button variant="secondary" onClick={() => void run({ kind: 'cancel' }, 'Campaign stopped')} disabled={action.isPending}>
          Stop sending
        </Button>
      )}
      <Card className="grid gap-3 p-4">
        <h2 className="text-base font-semibold text-neutral-900">Preview</h2>
        {preview.isPending ? (
          <Skeleton className="h-40" />
        ) : preview.isError ? (
          <p className="text-sm text-danger-700">We couldn't load the preview.</p>
        ) : (
          <div className="grid gap-3 text-sm">
            {c.channels.includes('email') && (
              <div className="grid gap-1">
                <h3 className="font-medium text-neutral-900">Email: {preview.data.email.subject}</h3>
                <pre className="whitespace-pre-wrap break-words rounded-control bg-neutral-50 p-3 font-sans text-neutral-800">
                  {preview.data.email.text}
                </pre>
              </div>
            )}
            {c.channels.includes('push') && (
              <div className="grid gap-1">
                <h3 className="font-medium text-neutral-900">Push</h3>
                <p className="rounded-control bg-neutral-50 p-3 text-neutral-800">
                  <strong>{preview.data.push.title}</strong>
                  <br />
                  {preview.data.push.body}
                </p>
              </div>
            )}
            {c.channels.includes('in_app') && (
              <div className="grid gap-1">
                <h3 className="font-medium text-neutral-900">In-app notification</h3>
                <p className="whitespace-pre-wrap rounded-control bg-neutral-50 p-3 text-neutral-800">
                  <strong>{preview.data.inApp.title}</strong>
                  <br />
                  {preview.data.inApp.message}
                </p>
                {preview.data.inApp.link && <p className="text-neutral-600">Opens {preview.data.inApp.link}</p>}
              </div>
            )}
          </div>
        )}
      </Card>
    </section>
  );
}
