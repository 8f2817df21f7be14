import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Search, SearchX, Store, Wrench } from 'lucide-react';
import { Link } from 'wouter';
import { productName } from '@core/domain/navigation.ts';
import { useDetailers } from '@/components/catalog/api/get-detailers.ts';
import { CategoryChip } from '@/components/catalog/category-chip.tsx';
import { ChipSkeleton, DetailerListSkeleton, ServiceCardSkeleton } from '@/components/catalog/card-skeletons.tsx';
import { matchesSearch, nearestFirst } from '@/components/catalog/catalog-format.ts';
import { DetailerCard } from '@/components/catalog/detailer-card.tsx';
import { ServiceCard } from '@/components/catalog/service-card.tsx';
import { useSharedLocation } from '@/components/catalog/shared-location.ts';
import { useErrorToast } from '@/components/catalog/use-error-toast.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { HomeTour } from '@/features/home/components/home-tour.tsx';
import { HelpBubble } from '@/components/tour/help-bubble.tsx';
import { useServiceCategories } from '../api/get-service-categories.ts';
import { useServices } from '../api/get-services.ts';
import { LocationLine } from '../components/location-line.tsx';
import { NearbyDetailersMap } from '../components/nearby-detailers-map.tsx';
import { QuickActions } from '../components/quick-actions.tsx';
import { SectionHeading } from '../components/section-heading.tsx';

/** 'Book again' is below the fold and for signed-in customers only: its code (and the booking contracts it reads) loads after the first paint. */
const RecentDetailers = lazy(() => import('../components/recent-detailers.tsx').then((module) => ({ default: module.RecentDetailers })));

const nearbyDetailerCount = 2;
const popularServiceCount = 4;

type CategoryFilter = number | 'all';

export default function HomePage() {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [categoryId, setCategoryId] = useState<CategoryFilter>('all');

  // Each list below asks for its own data: an answer redraws its section, not the whole page (on a slow phone
  // each redraw of the page was a long task).
  return (
    <div className="flex flex-col gap-6 pb-4">
      <section aria-label="Search" className="flex flex-col gap-2 border-b border-neutral-200 bg-surface px-4 pt-2 pb-4">
        <LocationLine />
        <div role="search" className="relative">
          <label htmlFor="home-search" className="sr-only">
            Search services and detailers
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-neutral-500" />
          <Input
            id="home-search"
            type="search"
            placeholder="Find detailing services"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-10"
          />
        </div>
      </section>

      <CategoryChips categoryId={categoryId} onChange={setCategoryId} />

      <NearbyMap />

      <section aria-labelledby="home-greeting" className="flex flex-col gap-3 px-4">
        {/* The 'Take Tour' button sits beside the greeting, where it covers nothing (never floating over the cards). */}
        <div className="flex items-center justify-between gap-3">
          <Greeting />
          <HomeTour />
        </div>
        <QuickActions />
      </section>

      <NearbyDetailers query={query} />

      <PopularServices query={query} categoryId={categoryId} />

      {/* Last, and only once the lists above are in: the row never pushes painted content down. */}
      <BookAgain categoryId={categoryId} />
    </div>
  );
}

type CategoryChipsProps = { categoryId: CategoryFilter; onChange: (categoryId: CategoryFilter) => void };

function CategoryChips({ categoryId, onChange }: CategoryChipsProps) {
  const categories = useServiceCategories();
  useErrorToast(categories.error, categories.errorUpdatedAt, 'Failed to fetch service categories', categories.refetch);
  return (
    <section aria-label="Service categories" className="-mt-2">
      {categories.isPending ? (
        <div className="flex gap-2 overflow-hidden px-4 py-1" role="status" aria-label="Loading categories">
          <ChipSkeleton />
          <ChipSkeleton />
          <ChipSkeleton />
        </div>
      ) : categories.isError ? (
        <ErrorState
          className="py-4"
          title="Failed to fetch service categories"
          message="The category filter is unavailable."
          onRetry={() => void categories.refetch()}
        />
      ) : (
        <div role="group" aria-label="Filter services by category" className="no-scrollbar flex gap-2 overflow-x-auto px-4 py-1">
          <CategoryChip isActive={categoryId === 'all'} onClick={() => onChange('all')}>
            All Services
          </CategoryChip>
          {categories.data.map((category) => (
            <CategoryChip key={category.id} isActive={categoryId === category.id} onClick={() => onChange(category.id)}>
              {category.name}
            </CategoryChip>
          ))}
        </div>
      )}
    </section>
  );
}

/** The services of the chosen category chip (all of them for 'All Services'). */
const useServicesIn = (categoryId: CategoryFilter) => useServices({ categoryId: categoryId === 'all' ? undefined : categoryId });

/** Where the detailers are, near the shared location (the same query as the list: one request). */
function useNearbyDetailers() {
  const { coordinates } = useSharedLocation();
  return { detailers: useDetailers({ near: coordinates }), coordinates };
}

function NearbyMap() {
  const { detailers, coordinates } = useNearbyDetailers();
  return (
    <div className="px-4">
      <NearbyDetailersMap detailers={detailers.data} isPending={detailers.isPending} you={coordinates} />
    </div>
  );
}

function NearbyDetailers({ query }: { query: string }) {
  const { detailers } = useNearbyDetailers();
  useErrorToast(detailers.error, detailers.errorUpdatedAt, 'Failed to fetch detailers', detailers.refetch);
  const shownDetailers = nearestFirst(detailers.data ?? [])
    .filter((d) => matchesSearch(d.businessName, query))
    .slice(0, nearbyDetailerCount);
  const isSearching = query.trim() !== '';
  return (
    <section aria-labelledby="nearby-detailers" className="px-4">
      <SectionHeading
        id="nearby-detailers"
        title="Nearby Detailers"
        action={
          <Link
            href="/detailers"
            className="inline-flex min-h-11 items-center rounded-control px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            View All <span className="sr-only">detailers</span>
          </Link>
        }
      />
      {detailers.isPending ? (
        <DetailerListSkeleton count={nearbyDetailerCount} />
      ) : detailers.isError ? (
        <ErrorState
          title="Failed to fetch detailers"
          message="We couldn't load nearby detailers."
          onRetry={() => void detailers.refetch()}
        />
      ) : shownDetailers.length === 0 ? (
        isSearching ? (
          <EmptyState
            className="py-8"
            icon={<SearchX />}
            title="No detailers match your search"
            description={`Nothing named "${query.trim()}". Try another name.`}
          />
        ) : (
          <EmptyState
            className="py-8"
            icon={<Store />}
            title="No detailers nearby yet"
            description="Check back soon: new detailers join every week."
          />
        )
      ) : (
        <ul className="flex flex-col gap-3">
          {shownDetailers.map((detailer) => (
            <li key={detailer.id}>
              <DetailerCard detailer={detailer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PopularServices({ query, categoryId }: { query: string; categoryId: CategoryFilter }) {
  const services = useServicesIn(categoryId);
  useErrorToast(services.error, services.errorUpdatedAt, 'Failed to fetch services', services.refetch);
  const shownServices = (services.data ?? []).filter((s) => matchesSearch(s.name, query)).slice(0, popularServiceCount);
  const isSearching = query.trim() !== '';
  return (
    <section aria-labelledby="popular-services" className="px-4">
      <SectionHeading
        id="popular-services"
        title="Popular Services"
        action={
          <HelpBubble
            id="home-popular-services"
            title="Popular services"
            content="The washes and details booked most near you. Tap one to see its price, time and who offers it."
            trigger="click"
            showOnce
          />
        }
      />
      {services.isPending ? (
        <div role="status" aria-label="Loading services" className="grid grid-cols-2 gap-3">
          {Array.from({ length: popularServiceCount }, (_, i) => (
            <ServiceCardSkeleton key={i} />
          ))}
        </div>
      ) : services.isError ? (
        <ErrorState title="Failed to fetch services" message="We couldn't load the services." onRetry={() => void services.refetch()} />
      ) : shownServices.length === 0 ? (
        isSearching ? (
          <EmptyState
            className="py-8"
            icon={<SearchX />}
            title="No services match your search"
            description={`Nothing named "${query.trim()}". Try another name or category.`}
          />
        ) : (
          <EmptyState
            className="py-8"
            icon={<Wrench />}
            title="No services in this category yet"
            description="Choose another category to see more."
          />
        )
      ) : (
        <ul className="grid grid-cols-2 gap-3">
          {shownServices.map((service) => (
            <li key={service.id} className="flex">
              <ServiceCard service={service} className="w-full" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Visitors never fetch the row's code; customers fetch it once the lists above are in. */
function BookAgain({ categoryId }: { categoryId: CategoryFilter }) {
  const { user } = useCurrentUser();
  const services = useServicesIn(categoryId);
  const { detailers } = useNearbyDetailers();
  if (user?.role !== 'customer' || services.isPending || detailers.isPending) return null;
  return (
    <Suspense fallback={null}>
      <RecentDetailers />
    </Suspense>
  );
}

/** Signed-in customers are greeted by first name; visitors may browse too and get a general welcome. */
function Greeting() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      // Same 48px as the heading and subtitle lines, so the quick actions do not move when the user arrives.
      <div role="status" aria-label="Loading" className="flex min-w-0 flex-col">
        <div className="h-7 py-0.5">
          <Skeleton className="h-full w-56" />
        </div>
        <div className="h-5 py-0.5">
          <Skeleton className="h-full w-44" />
        </div>
        <h1 id="home-greeting" className="sr-only">
          Welcome
        </h1>
      </div>
    );
  }
  const firstName = user?.name.trim().split(/\s+/)[0];
  return (
    <div className="min-w-0">
      {/* The page's heading: the header says 'Home'. */}
      <h1 id="home-greeting" className="text-xl font-semibold text-neutral-900">
        {firstName ? `Welcome back, ${firstName}!` : `Welcome to ${productName}!`}
      </h1>
      <p className="text-sm text-neutral-600">Quick actions to get started</p>
    </div>
  );
}
