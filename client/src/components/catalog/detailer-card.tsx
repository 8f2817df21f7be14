import { MapPin } from 'lucide-react';
import { Link } from 'wouter';
import type { Detailer } from '@core/schemas/catalog.ts';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { distanceLabel, fromPrice } from './catalog-format.ts';
import { DetailerAvatar } from './detailer-avatar.tsx';
import { StarRating } from './star-rating.tsx';
import { stretchedLinkClasses } from './stretched-link.ts';

export interface DetailerCardProps {
  detailer: Detailer;
  /** The heading level inside the page outline; h3 under a section heading by default. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** A detailer in a list: the card opens the profile, Book Now starts a booking with this detailer. */
export function DetailerCard({ detailer, headingLevel: Heading = 'h3', className }: DetailerCardProps) {
  const price = fromPrice(detailer.startingPrice);
  return (
    <article
      className={cn(
        'relative flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card transition-shadow hover:shadow-raised',
        className,
      )}
    >
      <div className="flex gap-4">
        <DetailerAvatar avatarUrl={detailer.avatarUrl} size={64} isLazy />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Heading className="truncate text-base leading-6 font-semibold text-neutral-900">
            <Link href={`/detailers/${detailer.id}`} className={stretchedLinkClasses}>
              {detailer.businessName}
            </Link>
          </Heading>
          <StarRating value={detailer.rating} count={detailer.reviewCount} />
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-neutral-600">
            {price && <span className="font-medium text-neutral-900">{price}</span>}
            {price && <span aria-hidden>·</span>}
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-3.5" />
              {distanceLabel(detailer.distanceMiles)}
            </span>
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <ul aria-label="Services" className="flex min-w-0 flex-1 flex-wrap gap-2">
          {detailer.services.map((label) => (
            <li key={label} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-brand-700">
              {label}
            </li>
          ))}
        </ul>
        <Button asChild variant="accent" className="relative z-10 shrink-0">
          <Link href={`/booking/${detailer.id}`}>
            Book Now <span className="sr-only">with {detailer.businessName}</span>
          </Link>
        </Button>
      </div>
    </article>
  );
}
