import { Star, StarHalf } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

/** The rating as the cards show it: one decimal, clamped to 0..5. */
export function shownRating(value: number): number {
  const clamped = Math.min(5, Math.max(0, value));
  return Math.round(clamped * 10) / 10;
}

/** Full and half stars of a rating: a half star when the shown value's fractional part is .5 or more. */
export function ratingStars(value: number): { full: number; half: boolean } {
  const shown = shownRating(value);
  const full = Math.floor(shown);
  // Compare in tenths so 4.5 is not lost to floating point.
  return { full, half: Math.round(shown * 10) - full * 10 >= 5 };
}

export interface StarRatingProps {
  value: number;
  count?: number;
  className?: string;
}

/** Five stars, the value with one decimal and the review count in brackets: ★★★★½ 4.5 (132). */
export function StarRating({ value, count, className }: StarRatingProps) {
  const { full, half } = ratingStars(value);
  const text = shownRating(value).toFixed(1);
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span role="img" aria-label={`Rated ${text} out of 5`} className="inline-flex items-center gap-0.5">
        {Array.from({ length: 5 }, (_, index) => {
          const kind = index < full ? 'full' : index === full && half ? 'half' : 'empty';
          return (
            <span key={index} data-star={kind} className="relative inline-flex size-4">
              <Star aria-hidden className="size-4 text-neutral-300" strokeWidth={1.5} fill="currentColor" />
              {kind === 'full' && (
                <Star aria-hidden className="absolute inset-0 size-4 text-warning-500" strokeWidth={1.5} fill="currentColor" />
              )}
              {kind === 'half' && (
                <StarHalf aria-hidden className="absolute inset-0 size-4 text-warning-500" strokeWidth={1.5} fill="currentColor" />
              )}
            </span>
          );
        })}
      </span>
      <span aria-hidden className="text-sm font-medium text-neutral-700">
        {count === undefined ? text : `${text} (${count})`}
      </span>
      {count !== undefined && <span className="sr-only">{`${count} reviews`}</span>}
    </span>
  );
}
