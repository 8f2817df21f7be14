import { useId, type ComponentProps } from 'react';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';

type AccountFieldProps = ComponentProps<typeof Input> & { label: string; error?: string; hint?: string };

/** A labelled input with its hint and validation message underneath, wired for screen readers. */
export function AccountField({ label, error, hint, id, ...props }: AccountFieldProps) {
  const generatedId = useId();
  return (
    <FormField id={id ?? generatedId} label={label} hint={hint} error={error}>
      {(control) => <Input {...control} {...props} />}
    </FormField>
  );
}

/** Puts the server's field messages (400/409 `fields`) on the form's fields; true when any was placed. */
export function applyServerFields<Field extends string>(
  fields: Record<string, string> | undefined,
  known: readonly Field[],
  setError: (field: Field, error: { type: string; message: string }) => void,
): boolean {
  let placed = false;
  for (const field of known) {
    const message = fields?.[field];
    if (message) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
