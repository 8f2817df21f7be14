import { useState } from 'react';
import { Star } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn.ts';

export interface StarRatingInputProps {
  value: number | undefined;
  onChange: (rating: number) => void;
  /** The id of the visible label ('Your rating'). */
  labelledBy: string;
  /** The id of the error message, when there is one. */
  describedBy?: string;
  isInvalid?: boolean;
  disabled?: boolean;
  className?: string;
}

const starNames = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];
const starWords = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * Five stars as one radio group (Radix: Tab enters it once, arrow keys move and choose, Space picks): each star is a
 * 44 px target named '4 stars'; the stars up to the chosen one (or the hovered one) fill in, with a word beside.
 */
export function StarRatingInput({ value, onChange, labelledBy, describedBy, isInvalid, disabled, className }: StarRatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <RadioGroupPrimitive.Root
        value={value ? String(value) : ''}
        onValueChange={(next) => onChange(Number(next))}
        orientation="horizontal"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        aria-required
        disabled={disabled}
        className="flex"
        onPointerLeave={() => setHovered(null)}
      >
        {starNames.map((name, index) => {
          const rating = index + 1;
          return (
            <RadioGroupPrimitive.Item
              key={rating}
              value={String(rating)}
              aria-label={name}
              onPointerEnter={() => setHovered(rating)}
              className={cn(
                'inline-flex size-11 items-center justify-center rounded-control text-neutral-300 transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
                'disabled:cursor-not-allowed disabled:opacity-50',
                rating <= shown && 'text-warning-500',
              )}
            >
              <Star aria-hidden className="size-8" strokeWidth={1.5} fill="currentColor" data-filled={rating <= shown} />
            </RadioGroupPrimitive.Item>
          );
        })}
      </RadioGroupPrimitive.Root>
      <span aria-hidden className="text-sm font-medium text-neutral-700">
        {shown > 0 ? starWords[shown - 1] : ''}
      </span>
    </div>
  );
}
