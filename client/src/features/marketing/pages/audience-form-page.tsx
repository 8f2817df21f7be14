import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'wouter';
import { roles } from '@core/domain/roles.ts';
import { vehicleTypes } from '@core/domain/booking-fields.ts';
import { audienceInputSchema, type AudienceRules } from '@core/schemas/marketing.ts';
import { parseRouteId } from '@core/domain/ids.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { previewAudience, useAudience, useSaveAudience } from '../api/marketing-api.ts';
import { FormField, NativeSelect } from '../components/form-field.tsx';
import { fieldGridClassName } from '@/components/ui/field-grid.ts';

type Values = Record<'name' | 'role' | 'city' | 'zip' | 'radiusMiles' | 'lastBookingAfter' | 'lastBookingBefore' | 'minBookings' | 'maxBookings' | 'hasMembership' | 'vehicleType' | 'signedUpFrom' | 'signedUpTo', string>;
const empty: Values = { name: '', role: '', city: '', zip: '', radiusMiles: '', lastBookingAfter: '', lastBookingBefore: '', minBookings: '', maxBookings: '', hasMembership: '', vehicleType: '', signedUpFrom: '', signedUpTo: '' };

/** The form's text as rules: an empty field is no rule. Numbers stay text the schema refuses when they are not numbers. */
function toRules(v: Values): Record<string, unknown> {
  const rules: Record<string, unknown> = {};
  const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
  for (const key of ['role', 'city', 'zip', 'lastBookingAfter', 'lastBookingBefore', 'vehicleType', 'signedUpFrom', 'signedUpTo'] as const) if (v[key].trim()) rules[key] = v[key].trim();
  for (const key of ['radiusMiles', 'minBookings', 'maxBookings'] as const) if (num(v[key]) !== undefined) rules[key] = num(v[key]);
  if (v.hasMembership) rules.hasMembership = v.hasMembership === 'yes';
  return rules;
}
function fromRules(name: string, rules: AudienceRules): Values {
  const text = (value: unknown) => (value === undefined ? '' : String(value));
  return {
    ...empty,
    name,
    ...Object.fromEntries(Object.entries(rules).map(([key, value]) => [key, text(value)])),
    hasMembership: rules.hasMembership === undefined ? '' : rules.hasMembership ? 'yes' : 'no',
  };
}

/** /admin/marketing/audiences/new (and ?id= to edit a saved one): rules, their live count and a sample. */
export default function AudienceFormPage() {
  const [params] = useSearchParams();
  const id = parseRouteId(params.get('id'));
  const existing = useAudience(id);
  if (id !== null && existing.isPending) return <LoadingState label="Loading audience"><Skeleton className="h-96" /></LoadingState>;
  if (id !== null && existing.isError) return <ErrorState message="We couldn't load this audience." onRetry={() => existing.refetch()} />;
  return <AudienceForm key={id ?? 'new'} id={id} initial={existing.data ? fromRules(existing.data.name, existing.data.rules) : empty} />;
}

function AudienceForm({ id, initial }: { id: number | null; initial: Values }) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [, navigate] = useLocation();
  const save = useSaveAudience(id);

  const parsed = useMemo(() => audienceInputSchema.shape.rules.safeParse(toRules(values)), [values]);
  const [debounced, setDebounced] = useState<AudienceRules | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(parsed.success ? parsed.data : null), 300);
    return () => clearTimeout(timer);
  }, [parsed]);
  const preview = useQuery({ queryKey: ['audience-preview', debounced], queryFn: () => previewAudience(debounced!), enabled: debounced !== null });
  const ruleErrors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const errorOf = (key: keyof Values) => errors[key] || (values[key] ? ruleErrors[key] : undefined);

  async function submit() {
    const checked = audienceInputSchema.safeParse({ name: values.name, rules: toRules(values) });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path.at(-1)), issue.message])));
      return;
    }
    try {
      await save.mutateAsync(checked.data);
      toast({ title: id === null ? 'Audience saved' : 'Audience updated' });
      navigate('/admin/marketing/audiences');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ name: error.serverMessage ?? 'Name taken' });
      else if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else toast({ title: errorMessage(error, 'We could not save the audience.'), variant: 'destructive' });
    }
  }

  const dateInput = (key: keyof Values, label: string) => (
    <FormField label={label} error={errorOf(key)}>
      <Input type="date" value={values[key]} onChange={set(key)} />
    </FormField>
  );
  return (
    <section aria-labelledby="audience-heading" className="grid gap-4 p-4">
      <h1 id="audience-heading" className="text-xl font-semibold text-neutral-900">
        {id === null ? 'New audience' : 'Edit audience'}
      </h1>
      <form noValidate className="grid gap-4" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Card className="grid gap-4 p-4">
          <FormField label="Name" error={errors.name}>
            <Input value={values.name} onChange={set('name')} maxLength={80} />
          </FormField>
        </Card>
        <Card className="grid gap-4 p-4">
          <h2 className="text-base font-semibold text-neutral-900">Rules</h2>
          <p className="text-sm text-neutral-600">Leave a rule empty to ignore it. People must match every rule you set.</p>
          <FormField label="Role" error={errorOf('role')}>
            <NativeSelect value={values.role} onChange={set('role')}>
              <option value="">Any role</option>
              {roles.map((role) => <option key={role} value={role}>{role[0]!.toUpperCase() + role.slice(1)}</option>)}
            </NativeSelect>
          </FormField>
          <FormField label="City" hint="Where their saved addresses or bookings are." error={errorOf('city')}>
            <Input value={values.city} onChange={set('city')} />
          </FormField>
          <div className={fieldGridClassName}>
            <FormField label="ZIP code" error={errorOf('zip')}>
              <Input inputMode="numeric" value={values.zip} onChange={set('zip')} maxLength={5} />
            </FormField>
            <FormField label="Radius (miles)" error={errorOf('radiusMiles')}>
              <Input inputMode="decimal" value={values.radiusMiles} onChange={set('radiusMiles')} />
            </FormField>
          </div>
          <div className={fieldGridClassName}>
            {dateInput('lastBookingAfter', 'Last booking after')}
            {dateInput('lastBookingBefore', 'Last booking before')}
          </div>
          <div className={fieldGridClassName}>
            <FormField label="Bookings at least" error={errorOf('minBookings')}>
              <Input inputMode="numeric" value={values.minBookings} onChange={set('minBookings')} />
            </FormField>
            <FormField label="Bookings at most" error={errorOf('maxBookings')}>
              <Input inputMode="numeric" value={values.maxBookings} onChange={set('maxBookings')} />
            </FormField>
          </div>
          <FormField label="Membership" error={errorOf('hasMembership')}>
            <NativeSelect value={values.hasMembership} onChange={set('hasMembership')}>
              <option value="">Any</option>
              <option value="yes">Has an active membership</option>
              <option value="no">No active membership</option>
            </NativeSelect>
          </FormField>
          <FormField label="Has a car of type" error={errorOf('vehicleType')}>
            <NativeSelect value={values.vehicleType} onChange={set('vehicleType')}>
              <option value="">Any car</option>
              {vehicleTypes.map((type) => <option key={type} value={type}>{type}</option>)}
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
                    <span className="text-neutral-600">{member.email}{member.city ? ` · ${member.city}` : ''}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
        <div className="flex justify-end gap-2">
          <Button asChild variant="secondary"><Link href="/admin/marketing/audiences">Cancel</Link></Button>
          <Button type="submit" disabled={save.isPending}>Save audience</Button>
        </div>
      </form>
    </section>
  );
}
