import { useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input.tsx';
import { centsToDollarText, dollarTextToCents } from '../lib/service-format.ts';

export interface MoneyInputProps<T extends FieldValues> {
  control: Control<T>;
  /** A field holding cents (the shared schema's unit). */
  name: FieldPath<T>;
  id: string;
  /** What an empty field means: NaN for a required price ('Price is required'), 0 for a surcharge (none). */
  emptyCents: number;
  placeholder?: string;
  describedBy?: string;
  isInvalid?: boolean;
  /** Read as the field's name when a visible label is not tied to it by id. */
  ariaLabel?: string;
}

/** A dollar amount typed with a $ in front, held in the form as cents (core/domain/money.ts's unit). */
export function MoneyInput<T extends FieldValues>({
  control,
  name,
  id,
  emptyCents,
  placeholder,
  describedBy,
  isInvalid,
  ariaLabel,
}: MoneyInputProps<T>) {
  const { field } = useController({ control, name });
  const { ref, onBlur, onChange } = field;
  // The text as typed ('59.5'): formatting while typing would move the caret.
  const [text, setText] = useState(() => centsToDollarText(field.value as number | undefined, emptyCents === 0));
  return (
    <div className="relative">
      <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-neutral-600">
        $
      </span>
      <Input
        id={id}
        ref={ref}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        className="pl-7 tabular-nums"
        placeholder={placeholder}
        value={text}
        aria-label={ariaLabel}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        onBlur={onBlur}
        onChange={(event) => {
          setText(event.target.value);
          onChange(dollarTextToCents(event.target.value, emptyCents));
        }}
      />
    </div>
  );
}
