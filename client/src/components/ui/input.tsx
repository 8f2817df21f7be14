import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

/** Shared by Input, Textarea and the Select trigger so every field looks the same. */
export const fieldClasses = cn(
  'w-full rounded-control border border-neutral-300 bg-surface px-3 text-base text-neutral-900',
  'placeholder:text-neutral-500 transition-colors duration-150 hover:border-neutral-400',
  'focus-visible:border-brand-600 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:opacity-70',
  'aria-[invalid=true]:border-danger-600 aria-[invalid=true]:focus-visible:outline-danger-600',
);

// text-base (16px) stops iOS Safari from zooming the page when the field is focused.
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
