import { useState } from 'react';
import { Link } from 'wouter';
import { Plus, Sparkles } from 'lucide-react';
import type { OwnService } from '@core/schemas/own-service.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ListPage } from '@/components/ui/list-page.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useOwnServices } from '../api/get-own-services.ts';
import { usePauseOwnService } from '../api/pause-own-service.ts';
import { useResumeOwnService } from '../api/resume-own-service.ts';
import { DeleteServiceDialog } from '../components/delete-service-dialog.tsx';
import { OwnServiceCard } from '../components/own-service-card.tsx';
import { serviceResumedDescription } from '../lib/service-format.ts';

const addHref = '/detailer/manage-services';

/** /detailer/services: the services the detailer offers, to edit, pause or resume, and delete. */
export default function MyServicesPage() {
  const services = useOwnServices();
  const pause = usePauseOwnService();
  const resume = useResumeOwnService();
  const [deleting, setDeleting] = useState<OwnService | null>(null);
  const hasServices = services.isSuccess && services.data.length > 0;

  function togglePause(service: OwnService) {
    const isPaused = service.pausedAt !== null;
    (isPaused ? resume : pause).mutate(service.id, {
      onSuccess: (updated) =>
        toast(
          isPaused
            ? { title: 'Service resumed', description: serviceResumedDescription(updated) }
            : {
                title: 'Service paused',
                description: `Customers can't book ${service.name} until you resume it. Bookings already made go on.`,
              },
        ),
      onError: (error) =>
        toast({
          title: isPaused ? "Couldn't resume the service" : "Couldn't pause the service",
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <ListPage
      title="My services"
      action={
        hasServices && (
          <Button asChild variant="secondary">
            <Link href={addHref}>
              <Plus aria-hidden /> Add service
            </Link>
          </Button>
        )
      }
    >
      {services.isPending ? (
        <LoadingState label="Loading your services">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </LoadingState>
      ) : services.isError ? (
        <ErrorState message="We couldn't load your services." onRetry={() => services.refetch()} />
      ) : services.data.length === 0 ? (
        <EmptyState
          icon={<Sparkles />}
          title="No services yet"
          description="Add your first service: a name, a price and how long it takes."
          action={
            <Button asChild>
              <Link href={addHref}>
                <Plus aria-hidden /> Add your first service
              </Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3" aria-label="Your services">
          {services.data.map((service) => (
            <li key={service.id}>
              <OwnServiceCard
                service={service}
                onTogglePause={() => togglePause(service)}
                onDelete={() => setDeleting(service)}
                isBusy={pause.isPending || resume.isPending}
              />
            </li>
          ))}
        </ul>
      )}

      <DeleteServiceDialog service={deleting} onClose={() => setDeleting(null)} />
    </ListPage>
  );
}
