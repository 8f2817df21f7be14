import { useState } from 'react';
import { Pause, Pencil, Play, SearchX, Wrench } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import { adminServicesPageSize, type AdminService } from '@core/schemas/admin-catalog.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { toast } from '@/lib/toast.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { useChangeAdminService } from '../api/change-admin-service.ts';
import { useAdminCategories } from '../api/get-admin-categories.ts';
import { useAdminServices } from '../api/get-admin-services.ts';
import { EditAdminServiceDialog } from './edit-admin-service-dialog.tsx';

const optionalId = (value: string) => (value === '' ? undefined : Number(value));

/** Every detailer's services (issue 19): search by name, filter by category and detailer, pause, resume and edit. */
export function AdminServicesSection() {
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [detailerId, setDetailerId] = useState('');
  const [editing, setEditing] = useState<AdminService | null>(null);
  const q = useDebounced(search.trim(), 250);
  const categories = useAdminCategories();
  const services = useAdminServices({ q, categoryId: optionalId(categoryId), detailerId: optionalId(detailerId) });
  const isFiltered = q !== '' || categoryId !== '' || detailerId !== '';

  return (
    <section aria-labelledby="admin-services-heading" className="grid gap-4">
      <h2 id="admin-services-heading" className="sr-only">
        Services
      </h2>
      <div className="grid gap-3">
        <TextField
          id="admin-service-search"
          label="Search services"
          type="search"
          placeholder="Service name"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="grid grid-cols-2 gap-3">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="admin-service-category">Category</Label>
            <select
              id="admin-service-category"
              className={cn(fieldClasses, 'h-11')}
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
            >
              <option value="">All categories</option>
              {categories.data?.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                  {category.isHidden ? ' (hidden)' : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="admin-service-detailer">Detailer</Label>
            <select
              id="admin-service-detailer"
              className={cn(fieldClasses, 'h-11')}
              value={detailerId}
              onChange={(event) => setDetailerId(event.target.value)}
            >
              <option value="">All detailers</option>
              {services.data?.detailers.map((detailer) => (
                <option key={detailer.id} value={detailer.id}>
                  {detailer.businessName}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {services.isPending ? (
        <LoadingState label="Loading services">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-36 w-full rounded-card" />
          ))}
        </LoadingState>
      ) : services.isError ? (
        <ErrorState message="We couldn't load the services." onRetry={() => services.refetch()} />
      ) : services.data.services.length === 0 ? (
        isFiltered ? (
          <EmptyState icon={<SearchX />} title="No matching services" description="Try another name, category or detailer." />
        ) : (
          <EmptyState icon={<Wrench />} title="No services yet" description="Services appear here as detailers list them." />
        )
      ) : (
        <>
          <p className="text-sm text-neutral-600" aria-live="polite">
            {services.data.hasMore
              ? `Showing the first ${adminServicesPageSize} services. Search or filter to narrow the list.`
              : `${services.data.services.length} ${services.data.services.length === 1 ? 'service' : 'services'}`}
          </p>
          <ul className="grid gap-3" aria-label="Services">
            {services.data.services.map((service) => (
              <li key={service.id}>
                <AdminServiceCard service={service} onEdit={() => setEditing(service)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <EditAdminServiceDialog service={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

function AdminServiceCard({ service, onEdit }: { service: AdminService; onEdit: () => void }) {
  const change = useChangeAdminService();
  const toggle = () =>
    change.mutate(
      { kind: service.isPaused ? 'resume' : 'pause', serviceId: service.id },
      {
        onSuccess: () => toast({ title: service.isPaused ? `${service.name} is bookable again` : `${service.name} is paused` }),
        onError: (error) =>
          toast({ title: "Couldn't change the service", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <Card className="grid gap-3 p-4">
      <div className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3">
        <img src={service.imageUrl} alt="" className="size-16 rounded-control bg-neutral-100 object-cover" loading="lazy" />
        <div className="grid min-w-0 content-start gap-0.5">
          <p className="truncate font-semibold text-neutral-900">{service.name}</p>
          <p className="truncate text-sm text-neutral-600">{service.businessName}</p>
          <p className="text-sm text-neutral-600">
            {service.categoryName} · <span className="tabular-nums">{formatUsd(service.priceCents)}</span>
          </p>
        </div>
      </div>
      {(service.isPaused || service.isCategoryHidden) && (
        <div className="flex flex-wrap gap-2">
          {service.isPaused && <Badge variant="warning">Paused</Badge>}
          {service.isCategoryHidden && <Badge variant="neutral">Category hidden</Badge>}
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${service.name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button
          variant="secondary"
          onClick={toggle}
          disabled={change.isPending}
          aria-label={`${service.isPaused ? 'Resume' : 'Pause'} ${service.name}`}
        >
          {service.isPaused ? <Play aria-hidden /> : <Pause aria-hidden />}
          {service.isPaused ? 'Resume' : 'Pause'}
        </Button>
      </div>
    </Card>
  );
}
