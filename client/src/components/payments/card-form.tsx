import { useId, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  cardBrand,
  brandLabel,
  digitsOnly,
  formatBillingZip,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  validateCard,
  type CardInput,
} from '@core/domain/card.ts';
import type { TestCardInput } from '@core/schemas/payments.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { FormNotice } from './form-notice.tsx';

type Props = {
  /** The form's accessible name ('Card details', 'Add a card'). */
  label: string;
  /** What the submit button says when idle ('Pay $78.72', 'Save card'). */
  submitLabel: ReactNode;
  isProcessing: boolean;
  /** A message from the card network for the last attempt (shown inline, in red). */
  cardError: string | null;
  /** Runs only for a card that passes core/domain/card's checks (Luhn, expiry, CVC, ZIP). */
  onSubmit: (card: TestCardInput) => void;
  /** Shown between the fields and the button (test-card hint, 'Keep this card for next time'). */
  children?: ReactNode;
  /**
   * While set, this waiting notice holds the button's place and submitting does nothing; the fields stay typable,
   * so checkout's customer can enter the card while the payment intent is being made.
   */
  notice?: string;
};

/**
 * The card's one rule, core/domain/card's validateCard (Luhn, expiry, CVC, ZIP), as the form's resolver: the typed
 * fields in, the gateway's card out. The server checks the same card with testCardSchema.
 */
const cardResolver: Resolver<CardInput, unknown, TestCardInput> = (values) => {
  const problems = Object.entries(validateCard(values, new Date()));
  if (problems.length > 0) {
    const errors: FieldErrors<CardInput> = Object.fromEntries(problems.map(([name, message]) => [name, { type: 'card', message }]));
    return { values: {} as Record<string, never>, errors };
  }
  const expiry = parseExpiry(values.expiry)!;
  return {
    values: {
      number: digitsOnly(values.number),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: values.cvc.trim(),
      zip: values.zip.trim(),
    },
    errors: {},
  };
};

/** The built-in gateway's card fields: checkout pays with it, /payment-methods saves with it. */
export function CardForm({ label, submitLabel, isProcessing, cardError, onSubmit, children, notice }: Props) {
  const id = useId();
  // A field's message goes as soon as it is typed in again; the card is checked again on the next submit.
  const form = useForm<CardInput, unknown, TestCardInput>({
    resolver: cardResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { number: '', expiry: '', cvc: '', zip: '' },
  });
  const { errors } = form.formState;
  const number = useWatch({ control: form.control, name: 'number' });
  const brand = cardBrand(number);

  const handle = form.handleSubmit(onSubmit);
  const submit = (event: FormEvent) => {
    if (!notice) return handle(event);
    event.preventDefault();
  };

  // Each field formats what is typed (4242 4242..., 12 / 34, digits only) and drops its message.
  const field = (name: keyof CardInput, format: (value: string) => string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    disabled: isProcessing,
    ...form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        form.setValue(name, format(event.target.value));
        form.clearErrors(name);
      },
    }),
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={label}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-number`}>Card number</Label>
        <div className="relative">
          <Input
            {...field('number', formatCardNumber)}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className="pr-28"
          />
          {brand !== 'unknown' && (
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs font-semibold text-neutral-600">
              {brandLabel[brand]}
            </span>
          )}
        </div>
        <FieldError id={`${id}-number-error`}>{errors.number?.message}</FieldError>
      </div>
      <div className="grid grid-cols-3 gap-3">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-expiry`}>Expiry</Label>
          <Input {...field('expiry', formatExpiry)} inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" />
          <FieldError id={`${id}-expiry-error`}>{errors.expiry?.message}</FieldError>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            {...field('cvc', (value) => digitsOnly(value).slice(0, 4))}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
          />
          <FieldError id={`${id}-cvc-error`}>{errors.cvc?.message}</FieldError>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-zip`}>ZIP</Label>
          <Input {...field('zip', formatBillingZip)} inputMode="numeric" autoComplete="postal-code" placeholder="94107" maxLength={10} />
          <FieldError id={`${id}-zip-error`}>{errors.zip?.message}</FieldError>
        </div>
      </div>
      {cardError && (
        <p role="alert" className="rounded-control bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
          {cardError}
        </p>
      )}
      {children}
      <SubmitOrNotice notice={notice} isProcessing={isProcessing} label={submitLabel} />
    </form>
  );
}

/** A payment form's submit button ('Processing...' while it runs), or the waiting notice in its place. */
export function SubmitOrNotice({ notice, isProcessing, label }: { notice?: string; isProcessing: boolean; label: ReactNode }) {
  if (notice) return <FormNotice inPlaceOfButton>{notice}</FormNotice>;
  return (
    <Button type="submit" size="lg" variant="accent" disabled={isProcessing}>
      {isProcessing ? (
        <>
          <Spinner size="sm" label="" aria-hidden="true" /> Processing...
        </>
      ) : (
        label
      )}
    </Button>
  );
}
