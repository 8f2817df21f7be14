import { useId, type ComponentProps } from 'react';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';

type AccountFieldProps = ComponentProps<typeof Input> & { label: string; error?: string; hint?: string };

/** A labelled input with its hint and validation message underneath, wired for screen readers. */
export function AccountField({ label, error, hint, id, ...props }: AccountFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && (
        <p id={hintId} className="text-xs text-neutral-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
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
