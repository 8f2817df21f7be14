import type { ComponentProps } from 'react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn.ts';

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-2', className)} {...props} />;
}

// Like Checkbox: pair each item with a <Label> row to reach the 44px touch target.
export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'peer inline-flex size-5 shrink-0 items-center justify-center rounded-full border border-neutral-400 bg-surface',
        'transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:border-brand-600',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="size-2.5 rounded-full bg-brand-600" />
    </RadioGroupPrimitive.Item>
  );
}
