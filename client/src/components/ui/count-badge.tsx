import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

/** Spec section 9: the badge reads '99+' above 99. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

type CountBadgeProps = Omit<ComponentProps<'span'>, 'children'> & { count: number };

/**
 * The red unread count pinned over an icon (the bell, the Messages tab); nothing at zero. Hidden from screen readers:
 * the icon's own name or description says the count. `className` places it over its icon.
 */
export function CountBadge({ count, className, ...props }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-surface',
        className,
      )}
      {...props}
    >
      {unreadBadgeText(count)}
    </span>
  );
}
