import { TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { Button } from './button.tsx';

export interface ErrorStateProps {
  title?: string;
  message?: string;
  /** Omit when there is nothing to retry; the button is then not shown. */
  onRetry?: () => void;
  className?: string;
}

export function ErrorState({
  title = 'Something went wrong',
  message = "We couldn't load this. Check your connection and try again.",
  onRetry,
  className,
}: ErrorStateProps) {
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-2 px-6 py-12 text-center', className)}>
      <div aria-hidden="true" className="mb-2 flex size-14 items-center justify-center rounded-full bg-danger-50 text-danger-600">
        <TriangleAlert className="size-7" />
      </div>
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      <p className="max-w-sm text-sm text-neutral-600">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
