import { useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { PromoCodeInput } from '@core/schemas/promo-codes.ts';
import { promoCodeLimits } from '@core/schemas/promo-codes.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { emptyPromoForm, promoFormResolver, toFormErrors, type PromoFormValues } from '../lib/promo-form.ts';
import { fieldGridClassName } from '@/components/ui/field-grid.ts';

export type PickerOption = { id: number; label: string; hint?: string };

export interface PromoCodeFormProps {
  /** The services the code may be limited to (the detailer: their own). */
  services: PickerOption[];
  /** Detailers the code may be limited to; left out for a detailer's own code (it is theirs). */
  detailers?: PickerOption[];
  isSaving: boolean;
  /** Rejects with the server's error, shown at its field when it names one. */
  onSubmit: (input: PromoCodeInput) => Promise<unknown>;
  onCancel?: () => void;
  onUnplacedError: (error: Error) => void;
}

/** A list of checkboxes: none ticked means every one (the code is not limited). */
function Picker({
  legend,
  hint,
  options,
  chosen,
  onChange,
  error,
  errorId,
}: {
  legend: string;
  hint: string;
  options: PickerOption[];
  chosen: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  errorId: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend className="text-sm font-medium text-neutral-900">{legend}</legend>
      <p className="text-xs text-neutral-600">{hint}</p>
      <div className="grid max-h-56 gap-0 overflow-y-auto rounded-control border border-neutral-200 px-3">
        {options.length === 0 && <p className="py-3 text-sm text-neutral-600">Nothing to choose yet.</p>}
        {options.map((option) => (
          <Label key={option.id} className="flex min-h-11 cursor-pointer items-center gap-3 font-normal">
            <Checkbox
              checked={chosen.includes(option.id)}
              onCheckedChange={(checked) => onChange(checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
            />
            <span className="grid">
              <span className="text-sm text-neutral-900">{option.label}</span>
              {option.hint && <span className="text-xs text-neutral-600">{option.hint}</span>}
            </span>
          </Label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

/** The new promo code: the server's own contract checks it before it is sent, and the server again after. */
export function PromoCodeForm({ services, detailers, isSaving, onSubmit, onCancel, onUnplacedError }: PromoCodeFormProps) {
  const id = useId();
  const form = useForm({ resolver: promoFormResolver, defaultValues: emptyPromoForm() });
  const { control, register } = form;
  const errors = form.formState.errors;
  const [kind, serviceIds, detailerIds] = useWatch({ control, name: ['kind', 'serviceIds', 'detailerIds'] });
  const chosen = { serviceIds, detailerIds };
  const ids = (name: keyof PromoFormValues) => ({ input: `${id}-${name}`, error: `${id}-${name}-error` });
  const a11y = (name: keyof PromoFormValues) => ({
    id: ids(name).input,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': ids(name).error,
  });
  const field = (name: keyof PromoFormValues, label: string, input: ReactNode, hint?: string) => (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={ids(name).input}>{label}</Label>
      {hint && <p className="text-xs text-neutral-600">{hint}</p>}
      {input}
      <FieldError id={ids(name).error}>{errors[name]?.message}</FieldError>
    </div>
  );

  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      const placed = error instanceof ApiError ? toFormErrors(error.fields ?? {}) : {};
      // A taken code (409) belongs at the code.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) placed.code = error.serverMessage;
      const names = Object.keys(placed) as (keyof PromoFormValues)[];
      names.forEach((name, index) => form.setError(name, { message: placed[name] }, { shouldFocus: index === 0 }));
      if (names.length === 0) onUnplacedError(error);
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <Card className="grid gap-4 p-4">
        <h2 className="text-base font-semibold text-neutral-900">Code and discount</h2>
        {field(
          'code',
          'Code',
          <Input
            {...a11y('code')}
            {...register('code')}
            maxLength={promoCodeLimits.codeMax}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. SPRING20"
          />,
          'Letters, digits, - and _; customers may type it in any case.',
        )}
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-neutral-900">Discount type</legend>
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <RadioGroup
                value={field.value}
                onValueChange={(value) => field.onChange(value as PromoFormValues['kind'])}
                className="grid-cols-2"
              >
                {(
                  [
                    ['percent', 'Percent'],
                    ['fixed', 'Fixed amount'],
                  ] as const
                ).map(([kind, label]) => (
                  <Label
                    key={kind}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-neutral-200 px-3 font-normal"
                  >
                    <RadioGroupItem value={kind} />
                    {label}
                  </Label>
                ))}
              </RadioGroup>
            )}
          />
        </fieldset>
        <div className={fieldGridClassName}>
          {kind === 'percent'
            ? field(
                'percentOff',
                'Percent off',
                <Input {...a11y('percentOff')} inputMode="numeric" {...register('percentOff')} placeholder="20" />,
              )
            : field(
                'amountOff',
                'Amount off ($)',
                <Input {...a11y('amountOff')} inputMode="decimal" {...register('amountOff')} placeholder="10.00" />,
              )}
          {field(
            'minOrder',
            'Minimum order ($)',
            <Input {...a11y('minOrder')} inputMode="decimal" {...register('minOrder')} placeholder="0.00" />,
          )}
        </div>
      </Card>

      <Card className="grid gap-4 p-4">
        <h2 className="text-base font-semibold text-neutral-900">When and how often</h2>
        <div className={fieldGridClassName}>
          {field('startsOn', 'Starts', <Input {...a11y('startsOn')} type="date" {...register('startsOn')} />)}
          {field('endsOn', 'Ends (last day)', <Input {...a11y('endsOn')} type="date" {...register('endsOn')} />)}
          {field(
            'maxUses',
            'Total uses',
            <Input {...a11y('maxUses')} inputMode="numeric" {...register('maxUses')} placeholder="No limit" />,
          )}
          {field(
            'maxUsesPerCustomer',
            'Uses per customer',
            <Input {...a11y('maxUsesPerCustomer')} inputMode="numeric" {...register('maxUsesPerCustomer')} placeholder="No limit" />,
          )}
        </div>
        <Label className="flex min-h-11 cursor-pointer items-center gap-3 font-normal">
          <Controller
            control={control}
            name="firstBookingOnly"
            render={({ field }) => (
              <Checkbox ref={field.ref} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
            )}
          />
          First booking only
        </Label>
      </Card>

      <Card className="grid gap-4 p-4">
        <h2 className="text-base font-semibold text-neutral-900">Where it applies</h2>
        <Picker
          legend="Services"
          hint="None ticked: every service."
          options={services}
          chosen={chosen.serviceIds}
          onChange={(ids) => form.setValue('serviceIds', ids, { shouldValidate: form.formState.isSubmitted })}
          error={errors.serviceIds?.message}
          errorId={ids('serviceIds').error}
        />
        {detailers && (
          <Picker
            legend="Detailers"
            hint="None ticked: every detailer."
            options={detailers}
            chosen={chosen.detailerIds}
            onChange={(ids) => form.setValue('detailerIds', ids, { shouldValidate: form.formState.isSubmitted })}
            error={errors.detailerIds?.message}
            errorId={ids('detailerIds').error}
          />
        )}
      </Card>

      <div className="grid gap-2">
        <Button type="submit" size="lg" disabled={isSaving || form.formState.isSubmitting}>
          {isSaving ? 'Creating…' : 'Create code'}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" size="lg" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
