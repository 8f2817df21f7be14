import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export interface CategoryChipProps extends Omit<ComponentProps<'button'>, 'type'> {
  isActive: boolean;
}

/** A toggle chip of the category filter; the active one is announced with aria-pressed. */
export function CategoryChip({ isActive, className, ...props }: CategoryChipProps) {
  return (
    <button
      type="button"
      aria-pressed={isActive}
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap',
        'transition-colors duration-150',
        isActive ? 'border-brand-600 bg-brand-600 text-white' : 'border-neutral-300 bg-surface text-neutral-700 hover:bg-neutral-50',
        className,
      )}
      {...props}
    />
  );
}
