import type { ComponentProps } from 'react';
import { Switch as SwitchPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn.ts';

export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        // The 28px track gets a 44px-tall hit area (touch target) without changing the layout.
        'peer relative inline-flex h-7 w-12 after:absolute after:inset-x-0 after:-inset-y-2.5 shrink-0 items-center rounded-full border-2 border-transparent bg-neutral-300',
        'transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:bg-brand-600',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          'pointer-events-none block size-6 rounded-full bg-white shadow-card transition-transform duration-150',
          'data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
