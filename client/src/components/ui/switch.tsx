import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

export type SwitchProps = Omit<ComponentProps<'input'>, 'type' | 'role' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * An on/off switch: the browser's checkbox with the switch role, drawn as a track (the input) and a thumb (a sibling
 * that follows its state). It replaced Radix's, which set its own state from a ref while React committed the page
 * and then measured itself: a second, synchronous render and a forced layout inside the task that took over
 * `/checkout` on a phone (decision 031, as decision 027 did for the checkbox). Being a form control, it works and is
 * announced as a switch by itself. The wrapping label makes the 28px track a 44px-tall touch target without changing
 * the layout; the caller's own <Label htmlFor> names it.
 */
export function Switch({ className, onCheckedChange, ...props }: SwitchProps) {
  return (
    <label className={cn('relative -my-2 inline-flex shrink-0 cursor-pointer py-2 has-disabled:cursor-not-allowed', className)}>
      <input
        type="checkbox"
        role="switch"
        className={cn(
          'peer m-0 h-7 w-12 cursor-pointer appearance-none rounded-full bg-neutral-300 transition-colors duration-150',
          'checked:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-50',
          // Windows' high-contrast mode draws its own box instead of ours, which it would leave blank.
          'forced-colors:appearance-auto',
        )}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        {...props}
      />
      <span
        aria-hidden
        className={cn(
          'pointer-events-none absolute top-2.5 left-0.5 size-6 rounded-full bg-white shadow-card transition-transform duration-150',
          'peer-checked:translate-x-5 peer-disabled:opacity-50 forced-colors:hidden',
        )}
      />
    </label>
  );
}
