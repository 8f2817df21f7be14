import { Star } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

/** A review's whole-star rating, read out as 'Rated 4 out of 5'. */
export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={cn('inline-flex items-center gap-0.5', className)}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden
          strokeWidth={1.5}
          fill="currentColor"
          className={cn('size-4', index < rating ? 'text-warning-500' : 'text-neutral-300')}
        />
      ))}
    </span>
  );
}
