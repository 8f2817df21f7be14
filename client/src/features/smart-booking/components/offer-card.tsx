import { CalendarClock, MapPin } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { SmartOffer } from '@core/schemas/smart-booking.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { distanceLabel } from '@/components/catalog/catalog-format.ts';
import { DetailerAvatar } from '@/components/catalog/detailer-avatar.tsx';
import { StarRating } from '@/components/catalog/star-rating.tsx';

/** 'Tue, Nov 24 · 9:00 AM': the offer's day (its calendar date) and slot. */
export function offerWhen(offer: Pick<SmartOffer, 'date' | 'time'>): string {
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${offer.date}T12:00:00Z`),
  );
  return `${day} · ${offer.time}`;
}

export interface OfferCardProps {
  offer: SmartOffer;
  onBook: (offer: SmartOffer) => void;
  isBooking: boolean;
}

/** One of the best three: the detailer, when, the price and why it was chosen; 'Book' goes to the payment step. */
export function OfferCard({ offer, onBook, isBooking }: OfferCardProps) {
  const titleId = `offer-${offer.detailerId}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card">
      <div className="flex gap-3">
        <DetailerAvatar avatarUrl={offer.avatarUrl} size={56} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={titleId} className="truncate text-base leading-6 font-semibold text-neutral-900">
            {offer.businessName}
          </h3>
          <StarRating value={offer.rating} count={offer.reviewCount} />
          <ul aria-label="Why it was chosen" className="flex flex-wrap gap-1.5">
            {offer.reasons.map((reason) => (
              <li key={reason}>
                <Badge variant="brand">{reason}</Badge>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1 text-sm text-neutral-700">
        <dt>
          <CalendarClock aria-hidden className="size-4 text-neutral-500" />
          <span className="sr-only">When</span>
        </dt>
        <dd className="font-medium text-neutral-900">{offerWhen(offer)}</dd>
        <dt>
          <MapPin aria-hidden className="size-4 text-neutral-500" />
          <span className="sr-only">Distance</span>
        </dt>
        <dd>{distanceLabel(offer.distanceMiles)}</dd>
      </dl>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-neutral-700">
          {offer.serviceName} · <span className="font-semibold text-neutral-900">{formatUsd(offer.priceCents)}</span>
        </p>
        <Button variant="accent" onClick={() => onBook(offer)} disabled={isBooking} aria-describedby={titleId}>
          Book
        </Button>
      </div>
    </article>
  );
}
