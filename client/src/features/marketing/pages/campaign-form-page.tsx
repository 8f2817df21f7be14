import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useParams } from 'wouter';
import {
  campaignChannelLabels,
  campaignChannels,
  campaignFormSchema,
  type CampaignFormOutput,
  type CampaignFormValues,
} from '@core/schemas/marketing.ts';
import { parseRouteId } from '@core/domain/ids.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useAdminPromoCodes, useAudiences, useCampaign, useSaveCampaign } from '../api/marketing-api.ts';
import { AudienceSelect } from '../components/audience-select.tsx';
import { FormField, NativeSelect } from '../components/form-field.tsx';
import { CampaignReachSummary } from '../components/campaign-reach-summary.tsx';

type Values = CampaignFormValues;
const empty: Values = { name: '', audienceId: '', channels: ['in_app'], subject: '', body: '', promoCodeId: '', ctaUrl: '', ctaLabel: '' };
const fieldNames = ['name', 'audienceId', 'channels', 'subject', 'body', 'promoCodeId', 'ctaUrl', 'ctaLabel'] as const;

// The schema comes with the page, not at first use: the page already imports its module, and a page that both imports
// a module and loads it with import() can lose its entry in the build (glossly:route-preloads).
const resolver = schemaResolver<Values, CampaignFormOutput>(() => Promise.resolve(campaignFormSchema));

/** /admin/marketing/campaigns/new and /:id/edit: the campaign as a draft; sending is on its own page. */
export default function CampaignFormPage() {
  const params = useParams<{ id?: string }>();
  const id = params.id === undefined ? null : parseRouteId(params.id);
  const existing = useCampaign(id);
  if (id !== null && existing.isPending)
    return (
      <LoadingState label="Loading campaign">
        <Skeleton className="h-96" />
      </LoadingState>
    );
  if (id !== null && existing.isError) return <ErrorState message="We couldn't load this campaign." onRetry={() => existing.refetch()} />;
  const c = existing.data;
  const initial: Values = c
    ? {
        name: c.name,
        audienceId: String(c.audienceId),
        channels: c.channels,
        subject: c.subject,
        body: c.body,
        promoCodeId: c.promoCodeId ? String(c.promoCodeId) : '',
        ctaUrl: c.ctaUrl ?? '',
        ctaLabel: c.ctaLabel ?? '',
      }
    : empty;
  return <CampaignForm key={id ?? 'new'} id={id} initial={initial} />;
}

function CampaignForm({ id, initial }: { id: number | null; initial: Values }) {
  const audiences = useAudiences();
  const codes = useAdminPromoCodes();
  const save = useSaveCampaign(id);
  const [, navigate] = useLocation();
  const form = useForm<Values, unknown, CampaignFormOutput>({ resolver, defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const [audienceId, channels] = useWatch({ control: form.control, name: ['audienceId', 'channels'] });

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      toast({ title: 'Campaign saved' });
      navigate(`/admin/marketing/campaigns/${saved.id}`);
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      const known = fields.filter(([name]) => (fieldNames as readonly string[]).includes(name));
      for (const [name, message] of known) form.setError(name as (typeof fieldNames)[number], { message });
      if (known.length === 0) toast({ title: errorMessage(error, 'We could not save the campaign.'), variant: 'destructive' });
    }
  });

  if (audiences.isPending)
    return (
      <LoadingState label="Loading campaign">
        <Skeleton className="h-96" />
      </LoadingState>
    );
  const adminCodes = (codes.data ?? []).filter((code) => code.ownerDetailerId === null);
  return (
    <section aria-labelledby="campaign-form-heading" className="grid gap-4 p-4">
      <h1 id="campaign-form-heading" className="text-xl font-semibold text-neutral-900">
        {id === null ? 'New campaign' : 'Edit campaign'}
      </h1>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <Card className="grid gap-4 p-4">
          <FormField label="Campaign name" error={errors.name?.message}>
            <Input maxLength={80} {...form.register('name')} />
          </FormField>
          <FormField
            label="Audience"
            error={errors.audienceId?.message}
            hint={audiences.data?.length === 0 ? 'Save an audience first.' : undefined}
          >
            <AudienceSelect audiences={audiences.data} {...form.register('audienceId')} />
          </FormField>
          <fieldset className="grid gap-2" aria-describedby="channels-error">
            <legend className="text-sm font-medium text-neutral-900">Channels</legend>
            <Controller
              control={form.control}
              name="channels"
              render={({ field }) => (
                <div className="flex flex-wrap gap-4">
                  {campaignChannels.map((channel) => (
                    <Label key={channel} className="flex min-h-11 cursor-pointer items-center gap-2 font-normal">
                      <Checkbox
                        ref={channel === campaignChannels[0] ? field.ref : undefined}
                        checked={field.value.includes(channel)}
                        onCheckedChange={(on) => field.onChange(on ? [...field.value, channel] : field.value.filter((c) => c !== channel))}
                      />
                      {campaignChannelLabels[channel]}
                    </Label>
                  ))}
                </div>
              )}
            />
            <FieldError id="channels-error">{errors.channels?.message}</FieldError>
          </fieldset>
          <div aria-live="polite">
            <CampaignReachSummary audienceId={audienceId ? Number(audienceId) : null} channels={channels} />
          </div>
        </Card>
        <Card className="grid gap-4 p-4">
          <h2 className="text-base font-semibold text-neutral-900">Message</h2>
          <FormField label="Subject" error={errors.subject?.message}>
            <Input maxLength={120} {...form.register('subject')} />
          </FormField>
          <FormField label="Text" error={errors.body?.message}>
            <Textarea rows={5} maxLength={2000} {...form.register('body')} />
          </FormField>
          <FormField label="Promo code (optional)" error={errors.promoCodeId?.message}>
            <NativeSelect {...form.register('promoCodeId')}>
              <option value="">No code</option>
              {adminCodes.map((code) => (
                <option key={code.id} value={code.id}>
                  {code.code}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Button link (optional)" hint="A Glossly page, for example /detailers." error={errors.ctaUrl?.message}>
            <Input placeholder="/detailers" {...form.register('ctaUrl')} />
          </FormField>
          <FormField label="Button text (optional)" error={errors.ctaLabel?.message}>
            <Input placeholder="Book now" maxLength={40} {...form.register('ctaLabel')} />
          </FormField>
        </Card>
        <div className="flex justify-end gap-2">
          <Button asChild variant="secondary">
            <Link href={id === null ? '/admin/marketing/campaigns' : `/admin/marketing/campaigns/${id}`}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            Save draft
          </Button>
        </div>
      </form>
    </section>
  );
}
