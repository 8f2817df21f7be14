import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { campaignChannelLabels, campaignChannels, campaignInputSchema, type CampaignChannel } from '@core/schemas/marketing.ts';
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
import { toast } from '@/lib/toast.ts';
import { useAdminPromoCodes, useAudiences, useCampaign, useSaveCampaign } from '../api/marketing-api.ts';
import { FormField, NativeSelect } from '../components/form-field.tsx';
import { CampaignReachSummary } from '../components/campaign-reach-summary.tsx';

type Values = { name: string; audienceId: string; channels: CampaignChannel[]; subject: string; body: string; promoCodeId: string; ctaUrl: string; ctaLabel: string };
const empty: Values = { name: '', audienceId: '', channels: ['in_app'], subject: '', body: '', promoCodeId: '', ctaUrl: '', ctaLabel: '' };

const toInput = (v: Values) => ({
  name: v.name,
  audienceId: v.audienceId ? Number(v.audienceId) : undefined,
  channels: v.channels,
  subject: v.subject,
  body: v.body,
  promoCodeId: v.promoCodeId ? Number(v.promoCodeId) : null,
  ctaUrl: v.ctaUrl.trim() || null,
  ctaLabel: v.ctaLabel.trim() || null,
});

/** /admin/marketing/campaigns/new and /:id/edit: the campaign as a draft; sending is on its own page. */
export default function CampaignFormPage() {
  const params = useParams<{ id?: string }>();
  const id = params.id === undefined ? null : parseRouteId(params.id);
  const existing = useCampaign(id);
  if (id !== null && existing.isPending) return <LoadingState label="Loading campaign"><Skeleton className="h-96" /></LoadingState>;
  if (id !== null && existing.isError) return <ErrorState message="We couldn't load this campaign." onRetry={() => existing.refetch()} />;
  const c = existing.data;
  const initial: Values = c
    ? { name: c.name, audienceId: String(c.audienceId), channels: c.channels, subject: c.subject, body: c.body, promoCodeId: c.promoCodeId ? String(c.promoCodeId) : '', ctaUrl: c.ctaUrl ?? '', ctaLabel: c.ctaLabel ?? '' }
    : empty;
  return <CampaignForm key={id ?? 'new'} id={id} initial={initial} />;
}

function CampaignForm({ id, initial }: { id: number | null; initial: Values }) {
  const audiences = useAudiences();
  const codes = useAdminPromoCodes();
  const save = useSaveCampaign(id);
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  async function submit() {
    const checked = campaignInputSchema.safeParse(toInput(values));
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    try {
      const saved = await save.mutateAsync(checked.data);
      toast({ title: 'Campaign saved' });
      navigate(`/admin/marketing/campaigns/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else toast({ title: errorMessage(error, 'We could not save the campaign.'), variant: 'destructive' });
    }
  }

  if (audiences.isPending) return <LoadingState label="Loading campaign"><Skeleton className="h-96" /></LoadingState>;
  const adminCodes = (codes.data ?? []).filter((code) => code.ownerDetailerId === null);
  return (
    <section aria-labelledby="campaign-form-heading" className="grid gap-4 p-4">
      <h1 id="campaign-form-heading" className="text-xl font-semibold text-neutral-900">{id === null ? 'New campaign' : 'Edit campaign'}</h1>
      <form noValidate className="grid gap-4" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Card className="grid gap-4 p-4">
          <FormField label="Campaign name" error={errors.name}>
            <Input value={values.name} onChange={set('name')} maxLength={80} />
          </FormField>
          <FormField label="Audience" error={errors.audienceId} hint={audiences.data?.length === 0 ? 'Save an audience first.' : undefined}>
            <NativeSelect value={values.audienceId} onChange={set('audienceId')}>
              <option value="">Choose an audience</option>
              {(audiences.data ?? []).map((a) => <option key={a.id} value={a.id}>{a.name} ({a.count})</option>)}
            </NativeSelect>
          </FormField>
          <fieldset className="grid gap-2" aria-describedby="channels-error">
            <legend className="text-sm font-medium text-neutral-900">Channels</legend>
            <div className="flex flex-wrap gap-4">
              {campaignChannels.map((channel) => (
                <Label key={channel} className="flex min-h-11 cursor-pointer items-center gap-2 font-normal">
                  <Checkbox
                    checked={values.channels.includes(channel)}
                    onCheckedChange={(on) => {
                      setValues((v) => ({ ...v, channels: on ? [...v.channels, channel] : v.channels.filter((c) => c !== channel) }));
                      setErrors((e) => ({ ...e, channels: '' }));
                    }}
                  />
                  {campaignChannelLabels[channel]}
                </Label>
              ))}
            </div>
            <FieldError id="channels-error">{errors.channels}</FieldError>
          </fieldset>
          <div aria-live="polite">
            <CampaignReachSummary audienceId={values.audienceId ? Number(values.audienceId) : null} channels={values.channels} />
          </div>
        </Card>
        <Card className="grid gap-4 p-4">
          <h2 className="text-base font-semibold text-neutral-900">Message</h2>
          <FormField label="Subject" error={errors.subject}>
            <Input value={values.subject} onChange={set('subject')} maxLength={120} />
          </FormField>
          <FormField label="Text" error={errors.body}>
            <Textarea rows={5} value={values.body} onChange={set('body')} maxLength={2000} />
          </FormField>
          <FormField label="Promo code (optional)" error={errors.promoCodeId}>
            <NativeSelect value={values.promoCodeId} onChange={set('promoCodeId')}>
              <option value="">No code</option>
              {adminCodes.map((code) => <option key={code.id} value={code.id}>{code.code}</option>)}
            </NativeSelect>
          </FormField>
          <FormField label="Button link (optional)" hint="A Glossly page, for example /detailers." error={errors.ctaUrl}>
            <Input value={values.ctaUrl} onChange={set('ctaUrl')} placeholder="/detailers" />
          </FormField>
          <FormField label="Button text (optional)" error={errors.ctaLabel}>
            <Input value={values.ctaLabel} onChange={set('ctaLabel')} placeholder="Book now" maxLength={40} />
          </FormField>
        </Card>
        <div className="flex justify-end gap-2">
          <Button asChild variant="secondary"><Link href={id === null ? '/admin/marketing/campaigns' : `/admin/marketing/campaigns/${id}`}>Cancel</Link></Button>
          <Button type="submit" disabled={save.isPending}>Save draft</Button>
        </div>
      </form>
    </section>
  );
}
