import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { FieldError } from './field-error.tsx';
import { Label } from './label.tsx';

/** What the control needs to be read with its label, hint and error: spread it onto the input, textarea or select. */
export type FormFieldControl = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string };

export interface FormFieldProps {
  /** The control's id; the hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: FormFieldControl) => ReactNode;
}

/** A labelled field: the label tied to the control, an optional hint under it, and its error read with it. */
export function FormField({ id, label, hint, error, className, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The error id is always referenced: FieldError renders nothing without a message, and a missing id is ignored.
  const describedBy = hint ? `${hintId} ${errorId}` : errorId;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-neutral-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
