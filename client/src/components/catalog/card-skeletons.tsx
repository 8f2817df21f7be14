import { Skeleton } from '@/components/ui/skeleton.tsx';

/** Same outline as DetailerCard, so nothing jumps when the data arrives. */
function DetailerCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card" aria-hidden>
      <div className="flex gap-4">
        <Skeleton className="size-16 shrink-0 rounded-full" />
        {/* 76px tall like the name, rating and price lines of the real card. */}
        <div className="flex flex-1 flex-col gap-3 pt-1">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Skeleton className="h-5 w-32 rounded-full" />
        <Skeleton className="h-11 w-28" />
      </div>
    </div>
  );
}

/** A list of detailers still loading: `count` card outlines under the one status assistive tech hears. */
export function DetailerListSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading detailers" className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, index) => (
        <DetailerCardSkeleton key={index} />
      ))}
    </div>
  );
}

export function ServiceCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-card bg-surface shadow-card" aria-hidden>
      <Skeleton className="aspect-[8/5] w-full rounded-none" />
      <div className="flex flex-col gap-1 p-3">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-5 w-1/2" />
        <div className="flex flex-col gap-2 pt-2">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </div>
    </div>
  );
}

export function ChipSkeleton() {
  return <Skeleton className="h-11 w-28 shrink-0 rounded-full" />;
}
