import { Store } from 'lucide-react';
import { Link } from 'wouter';
import { useDetailers } from '@/components/catalog/api/get-detailers.ts';
import { DetailerListSkeleton } from '@/components/catalog/card-skeletons.tsx';
import { nearestFirst } from '@/components/catalog/catalog-format.ts';
import { DetailerCard } from '@/components/catalog/detailer-card.tsx';
import { useSharedLocation } from '@/components/catalog/shared-location.ts';
import { useErrorToast } from '@/components/catalog/use-error-toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';

/** /detailers: every detailer, nearest first. */
export default function DetailersPage() {
  const { coordinates } = useSharedLocation();
  const detailers = useDetailers({ near: coordinates });
  useErrorToast(detailers.error, detailers.errorUpdatedAt, 'Failed to fetch detailers', detailers.refetch);

  return (
    <section aria-labelledby="detailers-title" className="flex flex-col gap-4 p-4">
      <div>
        <h1 id="detailers-title" className="text-xl font-semibold text-neutral-900">
          All Detailers
        </h1>
        {detailers.data && detailers.data.length > 0 && (
          <p className="text-sm text-neutral-600">
            {detailers.data.length === 1 ? '1 detailer' : `${detailers.data.length} detailers`} ready to come to you
          </p>
        )}
      </div>
      {detailers.isPending ? (
        <DetailerListSkeleton count={3} />
      ) : detailers.isError ? (
        <ErrorState title="Failed to fetch detailers" message="We couldn't load the detailers." onRetry={() => void detailers.refetch()} />
      ) : detailers.data.length === 0 ? (
        <EmptyState
          icon={<Store />}
          title="No detailers yet"
          description="No detailers are taking bookings in your area yet. Check back soon."
          action={
            <Button asChild variant="secondary">
              <Link href="/">Back to Home</Link>
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {nearestFirst(detailers.data).map((detailer) => (
            <li key={detailer.id}>
              <DetailerCard detailer={detailer} headingLevel="h2" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
