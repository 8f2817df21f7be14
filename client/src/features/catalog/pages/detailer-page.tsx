import { ChevronRight, Clock, MapPin, UserX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { ApiError } from '@/lib/api-client.ts';
import { useDetailer } from '@/components/catalog/api/get-detailer.ts';
import { distanceLabel, formatDollars, fromPrice } from '@/components/catalog/catalog-format.ts';
import { DetailerAvatar } from '@/components/catalog/detailer-avatar.tsx';
import { StarRating } from '@/components/catalog/star-rating.tsx';
import { DetailerReviewsSection } from '@/components/reviews/detailer-reviews-section.tsx';
import { useErrorToast } from '@/components/catalog/use-error-toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { DetailerPortfolio, DetailerTrustFacts } from '../components/detailer-trust.tsx';
import { parseRouteId } from '@core/domain/ids.ts';

/** /detailers/:id: a detailer's profile with the services they offer, each one step from booking. */
export default function DetailerPage() {
  const params = useParams<{ id: string }>();
  const id = parseRouteId(params.id);
  const detailer = useDetailer(id);
  const isNotFound = id === null || (detailer.error instanceof ApiError && detailer.error.status === 404);
  useErrorToast(isNotFound ? null : detailer.error, detailer.errorUpdatedAt, 'Failed to fetch detailers', detailer.refetch);

  if (isNotFound) {
    return (
      <section className="p-4">
        <EmptyState
          icon={<UserX />}
          title="Detailer not found"
          description="This detailer may have left Glossly or the link is wrong."
          action={
            <Button asChild variant="secondary">
              <Link href="/detailers">See all detailers</Link>
            </Button>
          }
        />
      </section>
    );
  }
  if (detailer.isPending) return <DetailerSkeleton />;
  if (detailer.isError) {
    return (
      <section className="p-4">
        <ErrorState title="Failed to fetch detailers" message="We couldn't load this detailer." onRetry={() => void detailer.refetch()} />
      </section>
    );
  }

  const d = detailer.data;
  const price = fromPrice(d.startingPrice);
  return (
    <article aria-labelledby="detailer-name" className="flex flex-col gap-6 p-4">
      <div className="flex flex-col items-center gap-3 rounded-card bg-surface p-6 text-center shadow-card">
        <DetailerAvatar avatarUrl={d.avatarUrl} size={96} />
        <div className="flex flex-col items-center gap-1">
          <h1 id="detailer-name" className="text-xl font-semibold text-neutral-900">
            {d.businessName}
          </h1>
          <StarRating value={d.rating} count={d.reviewCount} />
          <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-neutral-600">
            {price && <span className="font-medium text-neutral-900">{price}</span>}
            {price && <span aria-hidden>·</span>}
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-3.5" />
              {distanceLabel(d.distanceMiles)}
            </span>
          </p>
        </div>
        {d.services.length > 0 && (
          <ul aria-label="Services" className="flex flex-wrap justify-center gap-2">
            {d.services.map((label) => (
              <li key={label} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
                {label}
              </li>
            ))}
          </ul>
        )}
        {d.description && <p className="text-sm leading-6 text-neutral-700">{d.description}</p>}
        <DetailerTrustFacts detailerId={d.id} />
        <Button asChild variant="accent" size="lg" className="mt-2 w-full">
          <Link href={`/booking/${d.id}`}>Book Now</Link>
        </Button>
      </div>

      <section aria-labelledby="detailer-services">
        <h2 id="detailer-services" className="mb-3 text-lg font-semibold text-neutral-900">
          Services
        </h2>
        {d.offeredServices.length === 0 ? (
          <EmptyState className="py-8" title="No services listed yet" description="This detailer hasn't added services." />
        ) : (
          <ul className="flex flex-col gap-3">
            {d.offeredServices.map((service) => (
              <li key={service.id}>
                <Link
                  href={`/booking?serviceId=${service.id}&detailerId=${d.id}`}
                  className="flex min-h-11 items-center gap-3 rounded-card bg-surface p-4 shadow-card transition-colors hover:bg-brand-50"
                >
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="font-semibold text-neutral-900">{service.name}</span>
                    <span className="inline-flex items-center gap-1 text-sm text-neutral-600">
                      <Clock aria-hidden className="size-3.5" />
                      Approx. {service.duration} mins
                    </span>
                  </span>
                  <span className="font-semibold text-brand-700">{formatDollars(service.price)}</span>
                  <ChevronRight aria-hidden className="size-5 text-neutral-400" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <DetailerPortfolio detailerId={d.id} />

      <DetailerReviewsSection detailerId={d.id} rating={d.rating} reviewCount={d.reviewCount} />
    </article>
  );
}

function DetailerSkeleton() {
  return (
    <div role="status" aria-label="Loading detailer" className="flex flex-col gap-6 p-4">
      <div className="flex flex-col items-center gap-3 rounded-card bg-surface p-6 shadow-card">
        <Skeleton className="size-24 rounded-full" />
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
      <Skeleton className="h-6 w-24" />
      <Skeleton className="h-20 w-full rounded-card" />
      <Skeleton className="h-20 w-full rounded-card" />
    </div>
  );
}
