import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { bookableWindows, weekdayNames } from '@core/domain/membership-visits.ts';
import { timeWindowLabels } from '@core/domain/time-windows.ts';
import type { VisitOptions, VisitRhythm, VisitRhythmFormInput, VisitRhythmInput } from '@core/schemas/membership-visits.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useSetVisitRhythm } from './api/visit-mutations.ts';

type Draft = VisitRhythmFormInput;

const resolver = schemaResolver<Draft, VisitRhythmInput>(() =>
  import('@core/schemas/membership-visits.ts').then((schemas) => schemas.visitRhythmFormSchema),
);

const empty: Draft = {
  serviceId: '',
  everyWeeks: '2',
  detailerId: '',
  weekday: '',
  timeWindow: 'morning',
  vehicleId: '',
  savedAddressId: '',
};

function draftOf(rhythm: VisitRhythm | null): Draft {
  if (!rhythm) return empty;
  const text = (n: number) => (n > 0 ? String(n) : '');
  return {
    serviceId: text(rhythm.serviceId),
    everyWeeks: String(rhythm.everyWeeks),
    detailerId: text(rhythm.detailerId),
    weekday: String(rhythm.weekday),
    timeWindow: rhythm.timeWindow,
    vehicleId: text(rhythm.vehicleId),
    savedAddressId: text(rhythm.savedAddressId),
  };
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The rhythm's small form: service, every 2 or 4 weeks, detailer, day, window, car and address. */
export function VisitRhythmForm({
  membershipId,
  options,
  rhythm,
  onDone,
}: {
  membershipId: number;
  options: VisitOptions;
  rhythm: VisitRhythm | null;
  onDone: () => void;
}) {
  const form = useForm<Draft, unknown, VisitRhythmInput>({ resolver, defaultValues: draftOf(rhythm) });
  const errors = Object.fromEntries(Object.entries(form.formState.errors).map(([key, error]) => [key, error?.message])) as Partial<
    Record<keyof Draft, string>
  >;
  const save = useSetVisitRhythm(membershipId);
  const serviceId = useWatch({ control: form.control, name: 'serviceId' });
  const detailers = options.detailers.filter((d) => d.serviceIds.includes(Number(serviceId)));
  const id = (key: string) => `rhythm-${membershipId}-${key}`;
  const select = (key: keyof Draft, placeholder: string, choices: Array<{ value: string; label: string; disabled?: boolean }>) => (
    <select
      id={id(key)}
      {...form.register(key, key === 'serviceId' ? { onChange: () => form.setValue('detailerId', '') } : undefined)}
      aria-invalid={errors[key] ? true : undefined}
      aria-describedby={errors[key] ? `${id(key)}-error` : undefined}
      className={cn(fieldClasses, 'h-11')}
    >
      {placeholder && <option value="">{placeholder}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value} disabled={c.disabled}>
          {c.label}
        </option>
      ))}
    </select>
  );

  const submit = form.handleSubmit((input) => {
    save.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Visit rhythm saved', description: 'Each visit is booked 7 days ahead.' });
        onDone();
      },
      onError: (error) => {
        // The server's field messages under their fields (an address it cannot place comes back as `zip`).
        const fields = error instanceof ApiError ? error.fields : undefined;
        for (const [key, message] of Object.entries(fields ?? {})) {
          const field = key === 'zip' ? 'savedAddressId' : key;
          if (field in empty) form.setError(field as keyof Draft, { type: 'server', message });
        }
        toast({ title: 'Could not save your rhythm', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  });

  const windows = (['morning', 'afternoon', 'evening'] as const).map((w) => ({
    value: w,
    label: bookableWindows.includes(w) ? timeWindowLabels[w] : `${timeWindowLabels[w]} (no evening times yet)`,
    disabled: !bookableWindows.includes(w),
  }));

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Visit rhythm">
      <Field id={id('serviceId')} label="Service" error={errors.serviceId}>
        {select(
          'serviceId',
          'Choose a service',
          options.services.map((s) => ({ value: String(s.id), label: s.name })),
        )}
      </Field>
      <Field id={id('everyWeeks')} label="How often" error={errors.everyWeeks}>
        {select('everyWeeks', '', [
          { value: '2', label: 'Every 2 weeks' },
          { value: '4', label: 'Every 4 weeks' },
        ])}
      </Field>
      <Field id={id('detailerId')} label="Detailer" error={errors.detailerId}>
        {select(
          'detailerId',
          serviceId ? 'Choose a detailer' : 'Choose a service first',
          detailers.map((d) => ({ value: String(d.id), label: d.businessName })),
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={id('weekday')} label="Day" error={errors.weekday}>
          {select(
            'weekday',
            'Choose a day',
            weekdayNames.map((name, i) => ({ value: String(i), label: name })),
          )}
        </Field>
        <Field id={id('timeWindow')} label="Time window" error={errors.timeWindow}>
          {select('timeWindow', '', windows)}
        </Field>
      </div>
      <Field id={id('vehicleId')} label="Car" error={errors.vehicleId}>
        {select(
          'vehicleId',
          options.cars.length ? 'Choose a car' : 'Add a car in My Cars first',
          options.cars.map((c) => ({ value: String(c.id), label: c.label })),
        )}
      </Field>
      <Field id={id('savedAddressId')} label="Address" error={errors.savedAddressId}>
        {select(
          'savedAddressId',
          options.addresses.length ? 'Choose an address' : 'Add an address first',
          options.addresses.map((a) => ({ value: String(a.id), label: a.label })),
        )}
      </Field>
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rhythm'}
        </Button>
        {rhythm && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
