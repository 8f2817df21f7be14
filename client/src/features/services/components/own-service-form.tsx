import { useId, type ReactNode } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { vehicleTypes } from '@core/domain/booking-fields.ts';
import { ownServiceLimits } from '@core/domain/own-services.ts';
import type { ServiceCategory } from '@core/schemas/catalog.ts';
import type { OwnService, OwnServiceFormValues, OwnServiceInput } from '@core/schemas/own-service.ts';
import { FormImageUpload } from '@/components/upload/form-image-upload.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { fieldClasses, Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { durationLabel } from '../lib/service-format.ts';
import { ChecklistEditor } from './checklist-editor.tsx';
import { MoneyInput } from './money-input.tsx';

const resolver = schemaResolver<OwnServiceFormValues, OwnServiceInput>(() =>
  import('@core/schemas/own-service.ts').then((schemas) => schemas.ownServiceInputSchema),
);

const { durationMin, durationMax, durationStep } = ownServiceLimits;
const durations = Array.from({ length: (durationMax - durationMin) / durationStep + 1 }, (_, i) => durationMin + i * durationStep);

/** The form's starting values: the service as saved, or an empty one (an hour, no surcharges). */
function initialValues(service?: OwnService): OwnServiceFormValues {
  const surchargeOf = (type: string) => service?.surcharges.find((s) => s.vehicleType === type)?.surchargeCents ?? 0;
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    categoryId: service?.categoryId ?? Number.NaN,
    priceCents: service?.priceCents ?? Number.NaN,
    durationMinutes: service?.durationMinutes ?? 60,
    checklist: service?.checklist ?? [],
    // One field per vehicle type, always all five: an empty one (0) means no surcharge.
    surcharges: vehicleTypes.map((vehicleType) => ({ vehicleType, surchargeCents: surchargeOf(vehicleType) })),
    imageUploadId: service?.imageUploadId ?? null,
  };
}

export interface OwnServiceFormProps {
  categories: ServiceCategory[];
  /** The service to edit; none to add one. */
  service?: OwnService;
  isSaving: boolean;
  /** Resolves when saved; rejects with the server's error, which the form shows at its field when it names one. */
  onSubmit: (input: OwnServiceInput) => Promise<unknown>;
  onCancel: () => void;
  /** For an error the form cannot place at a field (a toast). */
  onUnplacedError: (error: Error) => void;
}

/** Adds or edits one of the detailer's services: the server's own contract (lib/schema-resolver.ts), amounts typed in dollars. */
export function OwnServiceForm({ categories, service, isSaving, onSubmit, onCancel, onUnplacedError }: OwnServiceFormProps) {
  const id = useId();
  const form = useForm<OwnServiceFormValues, unknown, OwnServiceInput>({
    resolver,
    defaultValues: initialValues(service),
  });
  const { control, register, setValue, setError, setFocus, formState } = form;
  const errors = formState.errors;

  async function submit(input: OwnServiceInput) {
    try {
      await onSubmit(input);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      // A name the detailer already uses (409) belongs at the name; other refusals name their field.
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) fields.push(['name', error.serverMessage]);
      for (const [field, message] of fields) setError(field as Path<OwnServiceFormValues>, { message });
      if (fields.length > 0) setFocus(fields[0]![0] as Path<OwnServiceFormValues>);
      else onUnplacedError(error);
    }
  }

  const fieldIds = (name: string) => ({ input: `${id}-${name}`, error: `${id}-${name}-error` });
  const field = (name: keyof OwnServiceFormValues, label: string, input: ReactNode, message: string | undefined, hint?: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={fieldIds(name).input}>{label}</Label>
      {hint && <p className="text-xs text-neutral-600">{hint}</p>}
      {input}
      <FieldError id={fieldIds(name).error}>{message}</FieldError>
    </div>
  );
  const a11y = (name: keyof OwnServiceFormValues, message: string | undefined) => ({
    id: fieldIds(name).input,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': fieldIds(name).error,
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
      <Card className="grid gap-4 p-4">
        <h2 className="text-base font-semibold text-neutral-900">Details</h2>
        {field(
          'name',
          'Name',
          <Input
            {...a11y('name', errors.name?.message)}
            maxLength={ownServiceLimits.nameMax}
            autoComplete="off"
            placeholder="e.g. Express Interior Refresh"
            {...register('name')}
          />,
          errors.name?.message,
        )}
        {field(
          'categoryId',
          'Category',
          <select
            {...a11y('categoryId', errors.categoryId?.message)}
            className={cn(fieldClasses, 'h-11')}
            {...register('categoryId', { valueAsNumber: true })}
          >
            <option value="" disabled>
              Select a category
            </option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>,
          errors.categoryId?.message,
        )}
        {field(
          'description',
          'Description',
          <Textarea
            {...a11y('description', errors.description?.message)}
            rows={3}
            maxLength={ownServiceLimits.description}
            placeholder="What the customer gets, in a sentence or two"
            {...register('description')}
          />,
          errors.description?.message,
          'Optional',
        )}
      </Card>

      <Card className="grid gap-4 p-4">
        <h2 className="text-base font-semibold text-neutral-900">Price and time</h2>
        <div className="grid grid-cols-2 gap-3">
          {field(
            'priceCents',
            'Price',
            <MoneyInput
              control={control}
              name="priceCents"
              id={fieldIds('priceCents').input}
              emptyCents={Number.NaN}
              placeholder="59.00"
              describedBy={fieldIds('priceCents').error}
              isInvalid={Boolean(errors.priceCents)}
            />,
            errors.priceCents?.message,
          )}
          {field(
            'durationMinutes',
            'Duration',
            <select
              {...a11y('durationMinutes', errors.durationMinutes?.message)}
              className={cn(fieldClasses, 'h-11')}
              {...register('durationMinutes', { valueAsNumber: true })}
            >
              {durations.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {durationLabel(minutes)}
                </option>
              ))}
            </select>,
            errors.durationMinutes?.message,
          )}
        </div>
        <p className="text-xs text-neutral-600">Customers pay the price plus the $15.00 service fee and 8% tax.</p>
      </Card>

      <Card className="grid gap-3 p-4">
        <fieldset className="grid gap-3">
          <legend className="text-base font-semibold text-neutral-900">Surcharge by vehicle type</legend>
          <p className="text-xs text-neutral-600">
            What a bigger car costs more, taxed with the price. Leave empty for none. Booking shows it as its own line.
          </p>
          <div className="grid grid-cols-2 gap-3">
            {vehicleTypes.map((vehicleType, index) => {
              const message = errors.surcharges?.[index]?.surchargeCents?.message;
              const ids = fieldIds(`surcharge-${index}`);
              return (
                <div key={vehicleType} className="grid gap-1.5">
                  <Label htmlFor={ids.input}>{vehicleType}</Label>
                  <MoneyInput
                    control={control}
                    name={`surcharges.${index}.surchargeCents`}
                    id={ids.input}
                    emptyCents={0}
                    placeholder="0.00"
                    ariaLabel={`${vehicleType} surcharge`}
                    describedBy={ids.error}
                    isInvalid={Boolean(message)}
                  />
                  <FieldError id={ids.error}>{message}</FieldError>
                </div>
              );
            })}
          </div>
        </fieldset>
      </Card>

      <Card className="grid gap-2 p-4">
        <FormImageUpload
          label="Service photo"
          savedUrl={service?.imageUploadId ? service.imageUrl : null}
          onUploadIdChange={(uploadId) => setValue('imageUploadId', uploadId, { shouldDirty: true })}
        />
        <FieldError id={fieldIds('imageUploadId').error}>{errors.imageUploadId?.message}</FieldError>
      </Card>

      <Card className="p-4">
        <Controller
          control={control}
          name="checklist"
          render={({ field: checklist }) => (
            <ChecklistEditor
              items={checklist.value ?? []}
              onChange={checklist.onChange}
              itemErrors={(checklist.value ?? []).map((_, index) => errors.checklist?.[index]?.message)}
              listError={errors.checklist?.message ?? errors.checklist?.root?.message}
            />
          )}
        />
      </Card>

      <div className="grid gap-2">
        <Button type="submit" size="lg" disabled={isSaving}>
          {isSaving ? 'Saving...' : service ? 'Save changes' : 'Add service'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
