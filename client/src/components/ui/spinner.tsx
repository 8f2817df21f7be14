import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';

const sizeClasses: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-[3px]',
};

export interface SpinnerProps extends ComponentProps<'span'> {
  size?: SpinnerSize;
  /** Announced to screen readers; the ring itself is decorative. */
  label?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className, ...props }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)} {...props}>
      <span
        aria-hidden="true"
        className={cn('animate-spinner rounded-full border-current border-r-transparent text-brand-600', sizeClasses[size])}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
