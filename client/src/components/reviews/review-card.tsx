import type { ReactNode } from 'react';
import { EyeOff, MessageSquareReply } from 'lucide-react';
import type { Review } from '@core/schemas/review.ts';
import { formatLongDate } from '@/lib/calendar-dates.ts';
import { cn } from '@/lib/cn.ts';
import { ReviewStars } from './review-stars.tsx';

export interface ReviewCardProps {
  review: Review;
  /** Controls under the review (edit, reply, hide). */
  children?: ReactNode;
  /** A line above the review saying whose it is ('Your review'); the author's name otherwise. */
  title?: string;
  className?: string;
}

/** One review: stars, who wrote it, the service and day, the text, the job's photos, the detailer's reply. */
export function ReviewCard({ review, children, title, className }: ReviewCardProps) {
  return (
    <article aria-label={`Review by ${review.authorName}`} className={cn('grid gap-3 rounded-card bg-surface p-4 shadow-card', className)}>
      <header className="flex items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <p className="font-semibold text-neutral-900">{title ?? review.authorName}</p>
          <p className="text-sm text-neutral-600">
            {review.serviceName} · {formatLongDate(review.bookingDate)}
          </p>
        </div>
        <ReviewStars rating={review.rating} className="mt-1 shrink-0" />
      </header>
      {review.body ? (
        <p className="text-sm leading-6 whitespace-pre-line text-neutral-800">{review.body}</p>
      ) : (
        <p className="text-sm text-neutral-600 italic">No written review.</p>
      )}
      {review.photoUrls.length > 0 && (
        <ul aria-label="Photos of the finished job" className="grid grid-cols-3 gap-2">
          {review.photoUrls.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-control">
                <img
                  src={url}
                  alt={`After photo ${index + 1} of ${review.photoUrls.length}`}
                  loading="lazy"
                  className="aspect-square w-full bg-neutral-100 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.isHidden && (
        <p className="flex items-start gap-2 rounded-control bg-warning-50 p-3 text-sm text-warning-800">
          <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Hidden by Glossly{review.hiddenReason ? `: ${review.hiddenReason}` : ''}. It does not show on the detailer's page or count in
            the rating.
          </span>
        </p>
      )}
      {review.reply && (
        <div className="grid gap-1 rounded-control bg-neutral-50 p-3">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-neutral-900">
            <MessageSquareReply aria-hidden className="size-4 text-brand-600" />
            Reply from {review.detailerBusinessName}
          </p>
          <p className="text-sm leading-6 whitespace-pre-line text-neutral-700">{review.reply}</p>
        </div>
      )}
      {children}
    </article>
  );
}
