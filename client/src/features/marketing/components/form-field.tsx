import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { fieldClasses } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';

/** A labelled field: the label, an optional hint, the control (given its id and described-by) and its error. */
export function FormField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {hint && <p className="text-xs text-neutral-600">{hint}</p>}
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': `${id}-error` })}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A native select styled as the other fields (keyboard and screen readers get the platform's own list). */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'> & { children: ReactNode }) {
  return (
    <select className={cn(fieldClasses, 'h-11', className)} {...props}>
      {children}
    </select>
  );
}
