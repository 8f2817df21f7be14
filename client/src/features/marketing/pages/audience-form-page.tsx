import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'wouter';
import { roles } from '@core/domain/roles.ts';
import { vehicleTypes } from '@core/domain/booking-fields.ts';
import {
  audienceFormSchema,
  audienceRuleFields,
  audienceRulesFormSchema,
  type AudienceFormValues,
  type AudienceInput,
  type AudienceRuleField,
  type AudienceRules,
  type AudienceRulesFormValues,
} from '@core/schemas/marketing.ts';
import { parseRouteId } from '@core/domain/ids.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { previewAudience, useAudience, useSaveAudience } from '../api/marketing-api.ts';
import { FormField, NativeSelect } from '../components/form-field.tsx';
import { fieldGridClassName } from '@/components/ui/field-grid.ts';

type Values = AudienceFormValues;
const emptyRules = Object.fromEntries(audienceRuleFields.map((field) => [field, ''])) as AudienceRulesFormValues;
const empty: Values = { name: '', rules: emptyRules };

function fromRules(name: string, rules: AudienceRules): Values {
  const text = (value: unknown) => (value === undefined ? '' : String(value));
  return {
    name,
    rules: {
      ...emptyRules,
      ...Object.fromEntries(Object.entries(rules).map(([key, value]) => [key, text(value)])),
      hasMembership: rules.hasMembership === undefined ? '' : rules.hasMembership ? 'yes' : 'no',
    },
  };
}

// The schema comes with the page, which already imports its module (glossly:route-preloads).
const resolver = schemaResolver<Values, AudienceInput>(() => Promise.resolve(audienceFormSchema));

/** /admin/marketing/audiences/new (and ?id= to edit a saved one): rules, their live count and a sample. */
export default function AudienceFormPage() {
  const [params] = useSearchParams();
  const id = parseRouteId(params.get('id'));
  const existing = useAudience(id);
  if (id !== null && existing.isPending)
    return (
      <LoadingState label="Loading audience">
        <Skeleton className="h-96" />
      </LoadingState>
    );
  if (id !== null && existing.isError) return <ErrorState message="We couldn't load this audience." onRetry={() => existing.refetch()} />;
  return <AudienceForm key={id ?? 'new'} id={id} initial={existing.data ? fromRules(existing.data.name, existing.data.rules) : empty} />;
}

function AudienceForm({ id, initial }: { id: number | null; initial: Values }) {
  const form = useForm<Values, unknown, AudienceInput>({ resolver, defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const [, navigate] = useLocation();
  const save = useSaveAudience(id);

  // Rules are checked as they are typed, and a valid set is counted after a pause (the preview is a query).
  const ruleTexts = useWatch({ control: form.control, name: 'rules' });
  const rulesKey = JSON.stringify(ruleTexts);
  const parsed = useMemo(() => audienceRulesFormSchema.safeParse(JSON.parse(rulesKey)), [rulesKey]);
  const [debounced, setDebounced] = useState<AudienceRules | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(parsed.success ? parsed.data : null), 300);
    return () => clearTimeout(timer);
  }, [parsed]);
  const preview = useQuery({
    queryKey: ['audience-preview', debounced],
    queryFn: () => previewAudience(debounced!),
    enabled: debounced !== null,
  });
  const ruleErrors: Partial<Record<string, string>> = parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const errorOf = (key: AudienceRuleField) => errors.rules?.[key]?.message || (ruleTexts[key] ? ruleErrors[key] : undefined);

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast({ title: id === null ? 'Audience saved' : 'Audience updated' });
      navigate('/admin/marketing/audiences');
    } catch (error) {
      const known =
        error instanceof ApiError
          ? Object.entries(error.fields ?? {}).filter(
              ([path]) => path === 'name' || audienceRuleFields.some((field) => path === `rules.${field}`),
            )
          : [];
      if (error instanceof ApiError && error.status === 409) form.setError('name', { message: error.serverMessage ?? 'Name taken' });
      else if (known.length > 0)
        for (const [path, message] of known) form.setError(path as 'name' | `rules.${AudienceRuleField}`, { message });
      else toast({ title: errorMessage(error, 'We could not save the audience.'), variant: 'destructive' });
    }
  });

  const dateInput = (key: AudienceRuleField, label: string) => (
    <FormField label={label} error={errorOf(key)}>
      <Input type="date" {...form.register(`rules.${key}`)} />
    </FormField>
  );
  return (
    <section aria-labelledby="audience-heading" className="grid gap-4 p-4">
      <h1 id="audience-heading" className="text-xl font-semibold text-neutral-900">
        {id === null ? 'New audience' : 'Edit audience'}
      </h1>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <Card className="grid gap-4 p-4">
          <FormField label="Name" error={errors.name?.message}>
            <Input maxLength={80} {...form.register('name')} />
          </FormField>
        </Card>
        <Card className="grid gap-4 p-4">
          <h2 className="text-base font-semibold text-neutral-900">Rules</h2>
          <p className="text-sm text-neutral-600">Leave a rule empty to ignore it. People must match every rule you set.</p>
          <FormField label="Role" error={errorOf('role')}>
            <NativeSelect {...form.register('rules.role')}>
              <option value="">Any role</option>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {role[0]!.toUpperCase() + role.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="City" hint="Where their saved addresses or bookings are." error={errorOf('city')}>
            <Input {...form.register('rules.city')} />
          </FormField>
          <div className={fieldGridClassName}>
            <FormField label="ZIP code" error={errorOf('zip')}>
              <Input inputMode="numeric" {...form.register('rules.zip')} maxLength={5} />
            </FormField>
            <FormField label="Radius (miles)" error={errorOf('radiusMiles')}>
              <Input inputMode="decimal" {...form.register('rules.radiusMiles')} />
            </FormField>
          </div>
          <div className={fieldGridClassName}>
            {dateInput('lastBookingAfter', 'Last booking after')}
            {dateInput('lastBookingBefore', 'Last booking before')}
          </div>
          <div className={fieldGridClassName}>
            <FormField label="Bookings at least" error={errorOf('minBookings')}>
              <Input inputMode="numeric" {...form.register('rules.minBookings')} />
            </FormField>
            <FormField label="Bookings at most" error={errorOf('maxBookings')}>
              <Input inputMode="numeric" {...form.register('rules.maxBookings')} />
            </FormField>
          </div>
          <FormField label="Membership" error={errorOf('hasMembership')}>
            <NativeSelect {...form.register('rules.hasMembership')}>
              <option value="">Any</option>
              <option value="yes">Has an active membership</option>
              <option value="no">No active membership</option>
            </NativeSelect>
          </FormField>
          <FormField label="Has a car of type" error={errorOf('vehicleType')}>
            <NativeSelect {...form.register('rules.vehicleType')}>
              <option value="">Any car</option>
              {vehicleTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className={fieldGridClassName}>
            {dateInput('signedUpFrom', 'Signed up from')}
            {dateInput('signedUpTo', 'Signed up to')}
          </div>
        </Card>
        <Card className="grid gap-3 p-4" aria-live="polite">
          <h2 className="text-base font-semibold text-neutral-900">Who this reaches</h2>
          {!parsed.success ? (
            <p className="text-sm text-neutral-600">Fix the rules above to see who matches.</p>
          ) : preview.isError ? (
            <p className="text-sm text-danger-700">{errorMessage(preview.error, 'We could not count this audience.')}</p>
          ) : !preview.data ? (
            <Skeleton className="h-20" />
          ) : (
            <>
              <p className="text-2xl font-semibold text-neutral-900">
                {preview.data.count} {preview.data.count === 1 ? 'person' : 'people'}
              </p>
              <ul className="grid gap-2" aria-label="Sample of members">
                {preview.data.sample.map((member) => (
                  <li key={member.email + member.name} className="grid text-sm">
                    <span className="font-medium text-neutral-900">{member.name}</span>
                    <span className="text-neutral-600">
                      {member.email}
                      {member.city ? ` · ${member.city}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
        <div className="flex justify-end gap-2">
          <Button asChild variant="secondary">
            <Link href="/admin/marketing/audiences">Cancel</Link>
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            Save audience
          </Button>
        </div>
      </form>
    </section>
  );
}
