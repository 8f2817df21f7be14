import { useId, type ComponentProps, type ReactNode } from 'react';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

export type TextFieldProps = ComponentProps<typeof Input> & { label: string; error?: string; hint?: ReactNode };

/** A labelled input with its hint and validation message underneath, wired for screen readers. */
export function TextField({ label, error, hint, id, ...props }: TextFieldProps) {
  const generatedId = useId();
  return (
    <FormField id={id ?? generatedId} label={label} hint={hint} error={error}>
      {(control) => <Input {...control} {...props} />}
    </FormField>
  );
}
