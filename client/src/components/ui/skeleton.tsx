import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

/** A placeholder block; hidden from assistive tech, which hears the list's own loading status instead. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-skeleton rounded-control bg-neutral-200', className)}
      {...props}
    />
  );
}
