import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export interface EmptyStateProps {
  /** A lucide icon element, e.g. <CalendarX />; decorative. */
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Usually a <Button> that gets the user moving again. */
  action?: ReactNode;
  className?: string;
  /** 1 when the empty state is the whole page (its title is then the page's heading), else 2. */
  headingLevel?: 1 | 2;
}

export function EmptyState({ icon, title, description, action, className, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={cn('flex flex-col items-center gap-2 px-6 py-12 text-center', className)}>
      {icon && (
        <div
          aria-hidden="true"
          className="mb-2 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 [&_svg]:size-7"
        >
          {icon}
        </div>
      )}
      <Heading className="text-lg font-semibold text-neutral-900">{title}</Heading>
      {description && <p className="max-w-sm text-sm text-neutral-600">{description}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
