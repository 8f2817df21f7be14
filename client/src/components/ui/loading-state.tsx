import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export interface LoadingStateProps {
  /** What screen readers hear while the skeletons show, e.g. "Loading your bookings". */
  label: string;
  /** The skeletons, shaped like what is coming; hidden from assistive tech. */
  children: ReactNode;
  className?: string;
  /** True when the loading state stands for the whole page, so assistive tech waits for it as a whole. */
  'aria-busy'?: boolean;
}

/** A list or page still loading: its skeletons, and the one status line assistive tech hears instead of them. */
export function LoadingState({ label, children, className, 'aria-busy': isBusy }: LoadingStateProps) {
  return (
    <div className={cn('grid gap-3', className)} aria-busy={isBusy}>
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}
