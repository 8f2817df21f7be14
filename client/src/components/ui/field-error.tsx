import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export interface FieldErrorProps extends ComponentProps<'p'> {
  /** Referenced by the field's aria-describedby so screen readers read the message with the field. */
  id: string;
}

/** Renders nothing without a message (a describedby pointing at a missing id is simply ignored). */
export function FieldError({ id, className, children, ...props }: FieldErrorProps) {
  if (!children) return null;
  return (
    <p id={id} role="none" className={cn('text-sm text-danger-700', className)} {...props}>
      {children}
    </p>
  );
}
