import { Link } from 'wouter';
import type { RecentDetailer } from '@core/schemas/booking.ts';
import { BookAgainButton } from '@/components/booking/booking-list-item.tsx';
import { DetailerAvatar } from '@/components/catalog/detailer-avatar.tsx';
import { StarRating } from '@/components/catalog/star-rating.tsx';
import { stretchedLinkClasses } from '@/components/catalog/stretched-link.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { useRecentDetailers } from '../api/get-recent-detailers.ts';
import { SectionHeading } from './section-heading.tsx';
import { DisabledUntilLive } from '@/components/disabled-until-live.tsx';

/**
 * Home's 'Book again' row (issue 16): a signed-in customer's last detailers, each with the last service and one tap
 * into the prefilled booking flow. The home page renders it for customers once its main content is in, and it sits at the end of
 * the page, so arriving late moves nothing already painted; with no completed job there is no row at all.
 */
function RecentDetailerRow() {
  const recent = useRecentDetailers();
  if (recent.isError) {
    return (
      <section aria-labelledby="book-again-heading" className="px-4">
        <SectionHeading id="book-again-heading" title="Book again" />
        <ErrorState
          className="py-6"
          title="Failed to fetch your recent detailers"
          message="We couldn't load them."
          onRetry={() => void recent.refetch()}
        />
      </section>
    );
  }
  if (!recent.data?.length) return null;
  return (
    <section aria-labelledby="book-again-heading">
      <SectionHeading id="book-again-heading" title="Book again" className="px-4" />
      <ul className="no-scrollbar flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-2">
        {recent.data.map((detailer) => (
          <li key={detailer.detailerId} className="flex w-72 shrink-0 snap-start">
            <RecentDetailerCard detailer={detailer} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentDetailerCard({ detailer }: { detailer: RecentDetailer }) {
  const description = `${detailer.serviceName} with ${detailer.businessName}`;
  return (
    <article className="relative flex w-full flex-col gap-3 rounded-card bg-surface p-4 shadow-card transition-shadow hover:shadow-raised">
      <div className="flex gap-3">
        <DetailerAvatar avatarUrl={detailer.avatarUrl} size={48} isLazy />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h3 className="truncate text-base leading-6 font-semibold text-neutral-900">
            <Link href={`/detailers/${detailer.detailerId}`} className={stretchedLinkClasses}>
              {detailer.businessName}
            </Link>
          </h3>
          <StarRating value={detailer.rating} count={detailer.reviewCount} className="text-sm" />
        </div>
      </div>
      <p className="truncate text-sm text-neutral-600">
        Last time: <span className="font-medium text-neutral-900">{detailer.serviceName}</span>
      </p>
      <BookAgainButton
        booking={{ id: detailer.bookingId, detailerId: detailer.detailerId, serviceId: detailer.serviceId }}
        description={description}
        variant="accent"
        className="relative z-10 w-full"
      />
    </article>
  );
}

/**
 * Loaded on its own and hydrated after the rest of the screen: its controls wait for it (DisabledUntilLive), inside
 * its Suspense boundary. Wrapped here, in its own chunk, so the entry does not carry the guard.
 */
export function RecentDetailers() {
  return (
    <DisabledUntilLive>
      <RecentDetailerRow />
    </DisabledUntilLive>
  );
}
