import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export function SectionHeading({ id, title, action, className }: { id: string; title: string; action?: ReactNode; className?: string }) {
  return (
    <div className={cn('mb-3 flex min-h-11 items-center justify-between gap-2', className)}>
      <h2 id={id} className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      {action}
    </div>
  );
}
