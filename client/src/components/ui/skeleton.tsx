import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { Card } from './card.tsx';

/** A placeholder block; hidden from assistive tech, which hears the list's own loading status instead. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-skeleton rounded-control bg-neutral-200', className)} {...props} />;
}

/** A list of `count` placeholder cards, each holding `children`: the outline of the real card, so nothing jumps. */
export function SkeletonCardList({ count, children }: { count: number; children: ReactNode }) {
  return (
    <div className="grid gap-3">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="grid gap-2 p-4" aria-hidden>
          {children}
        </Card>
      ))}
    </div>
  );
}
