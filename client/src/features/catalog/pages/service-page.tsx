import { ChevronRight, Clock, MapPin, SearchX, Store } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { ApiError } from '@/lib/api-client.ts';
import { useDetailers } from '@/components/catalog/api/get-detailers.ts';
import { useService } from '@/components/catalog/api/get-service.ts';
import { distanceLabel, formatDollars, nearestFirst } from '@/components/catalog/catalog-format.ts';
import { DetailerAvatar } from '@/components/catalog/detailer-avatar.tsx';
import { useSharedLocation } from '@/components/catalog/shared-location.ts';
import { StarRating } from '@/components/catalog/star-rating.tsx';
import { useErrorToast } from '@/components/catalog/use-error-toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { parseRouteId } from '@core/domain/ids.ts';

/** /services/:id and /service/:serviceId: what the service is, and who can do it; choosing a detailer starts booking. */
export default function ServicePage() {
  const params = useParams<{ id?: string; serviceId?: string }>();
  const id = parseRouteId(params.id ?? params.serviceId);
  const service = useService(id);
  const isNotFound = id === null || (service.error instanceof ApiError && service.error.status === 404);
  useErrorToast(isNotFound ? null : service.error, service.errorUpdatedAt, 'Failed to fetch service details', service.refetch);

  if (isNotFound) {
    return (
      <section className="p-4">
        <EmptyState
          icon={<SearchX />}
          title="Service not found"
          description="This service may no longer be offered, or the link is wrong."
          action={
            <Button asChild variant="secondary">
              <Link href="/">Back to Home</Link>
            </Button>
          }
        />
      </section>
    );
  }
  if (service.isPending) return <ServiceSkeleton />;
  if (service.isError) {
    return (
      <section className="p-4">
        <ErrorState
          title="Failed to fetch service details"
          message="We couldn't load this service."
          onRetry={() => void service.refetch()}
        />
      </section>
    );
  }

  const s = service.data;
  return (
    <article aria-labelledby="service-name" className="flex flex-col gap-6 pb-4">
      <img src={s.imageUrl} alt="" width={320} height={200} className="aspect-[8/5] h-auto w-full bg-brand-50 object-cover" />
      <div className="flex flex-col gap-3 px-4">
        <h1 id="service-name" className="text-2xl font-semibold tracking-tight text-neutral-900">
          {s.name}
        </h1>
        <p className="leading-6 text-neutral-700">{s.description}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-lg font-semibold text-brand-700">Starting from {formatDollars(s.price)}</p>
          <p className="inline-flex items-center gap-1 text-sm text-neutral-600">
            <Clock aria-hidden className="size-4" />
            Approx. {s.duration} mins
          </p>
        </div>
      </div>
      <AvailableDetailers serviceId={s.id} />
    </article>
  );
}

function AvailableDetailers({ serviceId }: { serviceId: number }) {
  const { coordinates } = useSharedLocation();
  const detailers = useDetailers({ serviceId, near: coordinates });
  useErrorToast(detailers.error, detailers.errorUpdatedAt, 'Failed to fetch detailers', detailers.refetch);

  return (
    <section aria-labelledby="available-detailers" className="px-4">
      <h2 id="available-detailers" className="mb-3 text-lg font-semibold text-neutral-900">
        Available Detailers
      </h2>
      {detailers.isPending ? (
        <div role="status" aria-label="Loading detailers" className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full rounded-card" />
          <Skeleton className="h-20 w-full rounded-card" />
        </div>
      ) : detailers.isError ? (
        <ErrorState
          title="Failed to fetch detailers"
          message="We couldn't load who offers this service."
          onRetry={() => void detailers.refetch()}
        />
      ) : detailers.data.length === 0 ? (
        <EmptyState className="py-8" icon={<Store />} title="No detailers available for this service." />
      ) : (
        <ul className="flex flex-col gap-3">
          {nearestFirst(detailers.data).map((detailer) => (
            <li key={detailer.id}>
              <Link
                href={`/booking?serviceId=${serviceId}&detailerId=${detailer.id}`}
                className="flex items-center gap-3 rounded-card bg-surface p-4 shadow-card transition-colors hover:bg-brand-50"
              >
                <DetailerAvatar avatarUrl={detailer.avatarUrl} size={48} isLazy />
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="truncate font-semibold text-neutral-900">{detailer.businessName}</span>
                  <StarRating value={detailer.rating} count={detailer.reviewCount} />
                  <span className="inline-flex items-center gap-1 text-sm text-neutral-600">
                    <MapPin aria-hidden className="size-3.5" />
                    {distanceLabel(detailer.distanceMiles)}
                  </span>
                </span>
                <ChevronRight aria-hidden className="size-5 shrink-0 text-neutral-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ServiceSkeleton() {
  return (
    <div role="status" aria-label="Loading service" className="flex flex-col gap-6 pb-4">
      <Skeleton className="aspect-[8/5] w-full rounded-none" />
      <div className="flex flex-col gap-3 px-4">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-6 w-1/2" />
      </div>
      <div className="flex flex-col gap-3 px-4">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-20 w-full rounded-card" />
      </div>
    </div>
  );
}
