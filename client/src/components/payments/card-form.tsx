import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { cardBrand, brandLabel, digitsOnly, formatBillingZip, formatCardNumber, formatExpiry, parseExpiry, validateCard, type CardErrors } from '@core/domain/card.ts';
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
  /** Shown between the fields and the button (test-card hint, 'Save this card'). */
  children?: ReactNode;
  /**
   * While set, this waiting notice holds the button's place and submitting does nothing; the fields stay typable,
   * so checkout's customer can enter the card while the payment intent is being made.
   */
  notice?: string;
};

/** The built-in gateway's card fields: checkout pays with it, /payment-methods saves with it. */
export function CardForm({ label, submitLabel, isProcessing, cardError, onSubmit, children, notice }: Props) {
  const id = useId();
  const [values, setValues] = useState({ number: '', expiry: '', cvc: '', zip: '' });
  const [errors, setErrors] = useState<CardErrors>({});

  const set = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (notice) return;
    const found = validateCard(values, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const expiry = parseExpiry(values.expiry)!;
    onSubmit({ number: digitsOnly(values.number), expMonth: expiry.month, expYear: expiry.year, cvc: values.cvc.trim(), zip: values.zip.trim() });
  };

  const brand = cardBrand(values.number);
  const field = (name: keyof typeof values) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    disabled: isProcessing,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={label}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-number`}>Card number</Label>
        <div className="relative">
          <Input
            {...field('number')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={values.number}
            onChange={(e) => set('number', formatCardNumber(e.target.value))}
            className="pr-28"
          />
          {brand !== 'unknown' && (
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs font-semibold text-neutral-600">
              {brandLabel[brand]}
            </span>
          )}
        </div>
        <FieldError id={`${id}-number-error`}>{errors.number}</FieldError>
      </div>
      <div className="grid grid-cols-3 gap-3">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-expiry`}>Expiry</Label>
          <Input
            {...field('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={values.expiry}
            onChange={(e) => set('expiry', formatExpiry(e.target.value))}
          />
          <FieldError id={`${id}-expiry-error`}>{errors.expiry}</FieldError>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            {...field('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={(e) => set('cvc', digitsOnly(e.target.value).slice(0, 4))}
          />
          <FieldError id={`${id}-cvc-error`}>{errors.cvc}</FieldError>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-zip`}>ZIP</Label>
          <Input
            {...field('zip')}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="94107"
            maxLength={10}
            value={values.zip}
            onChange={(e) => set('zip', formatBillingZip(e.target.value))}
          />
          <FieldError id={`${id}-zip-error`}>{errors.zip}</FieldError>
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
