import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export type BadgeVariant = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

// Each pair is ≥ 6:1 contrast, so badges stay readable at text-xs.
const variantClasses: Record<BadgeVariant, string> = {
  neutral: 'bg-neutral-100 text-neutral-700',
  brand: 'bg-brand-50 text-brand-700',
  success: 'bg-success-100 text-success-800',
  warning: 'bg-warning-100 text-warning-800',
  danger: 'bg-danger-100 text-danger-800',
};

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        '[&_svg]:size-3.5',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}
