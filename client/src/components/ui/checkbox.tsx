import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * The browser's own checkbox, drawn in our look (the tick is `.checkbox-tick` in index.css): it is a form control,
 * a label's target and keyboard-operable by itself. It replaced Radix's, which inside a form measured itself while
 * React committed the page, a forced layout of the whole page on a phone's first screen (decision 027).
 * The box is 20px; wrap it in a <Label> row so the whole row is the 44px touch target.
 */
export function Checkbox({ className, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      className={cn(
        'checkbox-tick peer size-5 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-neutral-400 bg-surface',
        'transition-colors duration-150 checked:border-brand-600 checked:bg-brand-600',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-danger-600',
        // Windows' high-contrast mode draws its own box instead of ours, which it would leave blank.
        'forced-colors:appearance-auto',
        className,
      )}
      onChange={(event) => onCheckedChange?.(event.target.checked)}
      {...props}
    />
  );
}
