import { Link, useLocation, useSearch } from 'wouter';
import { SearchX } from 'lucide-react';
import { parseRouteId } from '@core/domain/ids.ts';
import type { OwnServiceInput } from '@core/schemas/own-service.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateOwnService } from '../api/create-own-service.ts';
import { useOwnService } from '../api/get-own-service.ts';
import { useServiceCategories } from '../api/get-service-categories.ts';
import { useUpdateOwnService } from '../api/update-own-service.ts';
import { OwnServiceForm } from '../components/own-service-form.tsx';
import { serviceAddedDescription } from '../lib/service-format.ts';

const listHref = '/detailer/services';

/** /detailer/manage-services: ?id=N edits that service, no id adds one. */
export default function ManageServicePage() {
  const search = new URLSearchParams(useSearch());
  const rawId = search.get('id');
  const serviceId = parseRouteId(rawId);
  const [, navigate] = useLocation();
  const categories = useServiceCategories();
  const service = useOwnService(serviceId);
  const create = useCreateOwnService();
  const update = useUpdateOwnService();
  const isEditing = rawId !== null;
  const title = isEditing ? 'Edit service' : 'Add a service';

  const heading = (
    <h1 id="manage-service-heading" className="text-xl font-semibold text-neutral-900">
      {title}
    </h1>
  );

  const isMissing = (isEditing && serviceId === null) || (service.error instanceof ApiError && service.error.status === 404);
  if (isMissing) {
    return (
      <section aria-labelledby="manage-service-heading" className="grid gap-4 p-4">
        {heading}
        <EmptyState
          icon={<SearchX />}
          title="Service not found"
          description="It may have been deleted, or it is not one of yours."
          action={
            <Button asChild>
              <Link href={listHref}>Back to My services</Link>
            </Button>
          }
        />
      </section>
    );
  }

  const loadError = categories.isError || service.isError;
  const isLoading = categories.isPending || (isEditing && service.isPending);

  async function save(input: OwnServiceInput) {
    const saved =
      serviceId === null
        ? await create.mutateAsync(input)
        : await update.mutateAsync({ id: serviceId, ...input, imageUploadId: input.imageUploadId ?? null });
    toast(
      serviceId === null
        ? { title: 'Service added', description: serviceAddedDescription(saved) }
        : { title: 'Changes saved', description: `${saved.name} is up to date. Bookings already made keep their price.` },
    );
    navigate(listHref);
  }

  return (
    <section aria-labelledby="manage-service-heading" className="grid gap-4 p-4">
      {heading}
      {loadError ? (
        <ErrorState
          message="We couldn't load the form."
          onRetry={() => {
            void categories.refetch();
            if (isEditing) void service.refetch();
          }}
        />
      ) : isLoading ? (
        <LoadingState label="Loading the service">
          <Skeleton className="h-56" />
          <Skeleton className="h-32" />
          <Skeleton className="h-40" />
        </LoadingState>
      ) : (
        <OwnServiceForm
          key={service.data?.id ?? 'new'}
          categories={categories.data}
          service={service.data}
          isSaving={create.isPending || update.isPending}
          onSubmit={save}
          onCancel={() => navigate(listHref)}
          onUnplacedError={(error) =>
            toast({ title: "Couldn't save the service", description: errorMessage(error, 'Please try again.'), variant: 'destructive' })
          }
        />
      )}
    </section>
  );
}
