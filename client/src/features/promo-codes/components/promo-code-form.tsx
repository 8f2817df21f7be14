import { useId, useState, type ReactNode } from 'react';
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
import { emptyPromoForm, toFormErrors, toPromoCodeInput, type PromoFormErrors, type PromoFormValues } from '../lib/promo-form.ts';
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
function Picker({ legend, hint, options, chosen, onChange, error, errorId }: {
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
  const [values, setValues] = useState<PromoFormValues>(() => emptyPromoForm());
  const [errors, setErrors] = useState<PromoFormErrors>({});
  const set = <K extends keyof PromoFormValues>(key: K, value: PromoFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
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
      <FieldError id={ids(name).error}>{errors[name]}</FieldError>
    </div>
  );

  async function submit() {
    const checked = toPromoCodeInput(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0] as keyof PromoFormValues | undefined;
      if (first) document.getElementById(ids(first).input)?.focus();
      return;
    }
    try {
      await onSubmit(checked.input);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      const placed = error instanceof ApiError ? toFormErrors(error.fields ?? {}) : {};
      // A taken code (409) belongs at the code.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) placed.code = error.serverMessage;
      setErrors(placed);
      const first = Object.keys(placed)[0] as keyof PromoFormValues | undefined;
      if (first) document.getElementById(ids(first).input)?.focus();
      else onUnplacedError(error);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Card className="grid gap-4 p-4">
        <h2 className="text-base font-semibold text-neutral-900">Code and discount</h2>
        {field(
          'code',
          'Code',
          <Input
            {...a11y('code')}
            value={values.code}
            onChange={(event) => set('code', event.target.value)}
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
          <RadioGroup value={values.kind} onValueChange={(kind) => set('kind', kind as PromoFormValues['kind'])} className="grid-cols-2">
            {(
              [
                ['percent', 'Percent'],
                ['fixed', 'Fixed amount'],
              ] as const
            ).map(([kind, label]) => (
              <Label key={kind} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-neutral-200 px-3 font-normal">
                <RadioGroupItem value={kind} />
                {label}
              </Label>
            ))}
          </RadioGroup>
        </fieldset>
        <div className={fieldGridClassName}>
          {values.kind === 'percent'
            ? field(
                'percentOff',
                'Percent off',
                <Input {...a11y('percentOff')} inputMode="numeric" value={values.percentOff} onChange={(e) => set('percentOff', e.target.value)} placeholder="20" />,
              )
            : field(
                'amountOff',
                'Amount off ($)',
                <Input {...a11y('amountOff')} inputMode="decimal" value={values.amountOff} onChange={(e) => set('amountOff', e.target.value)} placeholder="10.00" />,
              )}
          {field(
            'minOrder',
            'Minimum order ($)',
            <Input {...a11y('minOrder')} inputMode="decimal" value={values.minOrder} onChange={(e) => set('minOrder', e.target.value)} placeholder="0.00" />,
          )}
        </div>
      </Card>

      <Card className="grid gap-4 p-4">
        <h2 className="text-base font-semibold text-neutral-900">When and how often</h2>
        <div className={fieldGridClassName}>
          {field('startsOn', 'Starts', <Input {...a11y('startsOn')} type="date" value={values.startsOn} onChange={(e) => set('startsOn', e.target.value)} />)}
          {field('endsOn', 'Ends (last day)', <Input {...a11y('endsOn')} type="date" value={values.endsOn} onChange={(e) => set('endsOn', e.target.value)} />)}
          {field(
            'maxUses',
            'Total uses',
            <Input {...a11y('maxUses')} inputMode="numeric" value={values.maxUses} onChange={(e) => set('maxUses', e.target.value)} placeholder="No limit" />,
          )}
          {field(
            'maxUsesPerCustomer',
            'Uses per customer',
            <Input
              {...a11y('maxUsesPerCustomer')}
              inputMode="numeric"
              value={values.maxUsesPerCustomer}
              onChange={(e) => set('maxUsesPerCustomer', e.target.value)}
              placeholder="No limit"
            />,
          )}
        </div>
        <Label className="flex min-h-11 cursor-pointer items-center gap-3 font-normal">
          <Checkbox checked={values.firstBookingOnly} onCheckedChange={(checked) => set('firstBookingOnly', checked)} />
          First booking only
        </Label>
      </Card>

      <Card className="grid gap-4 p-4">
        <h2 className="text-base font-semibold text-neutral-900">Where it applies</h2>
        <Picker
          legend="Services"
          hint="None ticked: every service."
          options={services}
          chosen={values.serviceIds}
          onChange={(chosen) => set('serviceIds', chosen)}
          error={errors.serviceIds}
          errorId={ids('serviceIds').error}
        />
        {detailers && (
          <Picker
            legend="Detailers"
            hint="None ticked: every detailer."
            options={detailers}
            chosen={values.detailerIds}
            onChange={(chosen) => set('detailerIds', chosen)}
            error={errors.detailerIds}
            errorId={ids('detailerIds').error}
          />
        )}
      </Card>

      <div className="grid gap-2">
        <Button type="submit" size="lg" disabled={isSaving}>
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
