import { useCallback, useState } from 'react';
import { Navigation, ShieldCheck, Truck } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useLocationSharing } from '../api/get-location-sharing.ts';
import type { LocationSharing } from '@core/schemas/tracking.ts';

type ActiveSharingBooking = NonNullable<LocationSharing['activeBooking']>;
import { useUpdateLocationSharing } from '../api/update-location-sharing.ts';
import { SharingProblem } from '../components/sharing-problem.tsx';
import { requestPosition, usePositionSender, type SendingProblem } from '../hooks/use-position-sender.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** /detailer/location-sharing: the detailer turns sharing on for the day; positions go out only during a job's trip. */
export default function LocationSharingPage() {
  const sharing = useLocationSharing();
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Location sharing</h1>
      {sharing.isPending ? (
        <LoadingState label="Loading your location sharing">
          <Skeleton className="h-28" />
          <Skeleton className="h-24" />
        </LoadingState>
      ) : sharing.isError ? (
        <ErrorState message="We couldn't load your location sharing." onRetry={() => void sharing.refetch()} />
      ) : (
        <Sharing sharing={sharing.data} onRefused={() => void sharing.refetch()} />
      )}
    </div>
  );
}

function Sharing({ sharing, onRefused }: { sharing: LocationSharing; onRefused: () => void }) {
  const update = useUpdateLocationSharing();
  const [askProblem, setAskProblem] = useState<SendingProblem | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const activeBooking = sharing.activeBooking;
  const refused = useCallback(() => onRefused(), [onRefused]);
  const sender = usePositionSender(sharing.enabled && activeBooking ? activeBooking.id : null, refused);
  const problem = askProblem ?? sender.problem;

  async function toggle(enabled: boolean) {
    setAskProblem(null);
    if (enabled) {
      setIsAsking(true);
      const answer = await requestPosition();
      setIsAsking(false);
      // A missing fix is not a refusal: sharing can start and the position follows when the phone finds it.
      if (answer === 'denied' || answer === 'unsupported') {
        setAskProblem(answer);
        return;
      }
    }
    update.mutate(enabled, {
      onSuccess: () => toast({ title: enabled ? 'Location sharing is on for today' : 'Location sharing is off' }),
      onError: (error) =>
        toast({
          title: 'Could not change location sharing',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  const isBusy = isAsking || update.isPending;
  return (
    <>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex min-h-11 items-center justify-between gap-4">
          <Label htmlFor="share-location" className="text-base font-semibold text-neutral-900">
            Share my location today
          </Label>
          <Switch
            id="share-location"
            checked={sharing.enabled}
            disabled={isBusy}
            aria-describedby="share-location-help"
            onCheckedChange={(enabled) => void toggle(enabled)}
          />
        </div>
        <p id="share-location-help" className="text-sm text-neutral-600">
          {isAsking
            ? 'Waiting for your browser to allow location access…'
            : sharing.enabled
              ? 'On until the end of today. Your location goes out only while a job is on its way or in progress.'
              : 'Off. On my way turns it on for that job and Start turns it off; turn it on here to share for the whole day.'}
        </p>
      </Card>

      {problem && <SharingProblem problem={problem} />}

      <Card className="flex flex-col gap-3 p-4">
        <h2 className="flex items-center gap-2 text-base font-semibold text-neutral-900">
          <ShieldCheck aria-hidden className="size-5 text-brand-600" />
          What is shared, and with whom
        </h2>
        <p className="text-sm text-neutral-700">
          Your live position, your name, photo and vehicle description, and the time until you arrive: only during a job that is on its way
          or in progress, never the rest of the day. Positions are deleted 24 hours after the job.
        </p>
        {sharing.sharedWith && (
          <p className="rounded-control bg-brand-50 p-3 text-sm text-neutral-900">
            <span className="font-medium">Who sees it: </span>
            {/[.!?]$/.test(sharing.sharedWith) ? sharing.sharedWith : `${sharing.sharedWith}.`}
          </p>
        )}
      </Card>

      <ActiveJob booking={activeBooking} isSharing={sharing.enabled} lastSentAt={sender.lastSentAt} />
    </>
  );
}

function ActiveJob(props: { booking: ActiveSharingBooking | null; isSharing: boolean; lastSentAt: Date | null }) {
  const { booking, isSharing, lastSentAt } = props;
  if (!booking) {
    return (
      <Card className="flex items-start gap-3 p-4">
        <Truck aria-hidden className="mt-0.5 size-5 shrink-0 text-neutral-500" />
        <div className="grid gap-1">
          <p className="font-medium text-neutral-900">No job on its way right now — sharing starts when you tap On my way</p>
          <Link
            href="/detailer"
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            See your jobs
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="active-job-heading" role="group" className="flex flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="active-job-heading" className="text-base font-semibold text-neutral-900">
            {booking.status === 'in_progress' ? 'Job in progress' : 'On your way'}: {booking.serviceName}
          </h2>
          <p className="text-sm text-neutral-700">
            {booking.customerName} · {booking.address}
          </p>
        </div>
        <Badge variant={booking.status === 'in_progress' ? 'success' : 'brand'}>
          {booking.status === 'in_progress' ? 'In progress' : 'En route'}
        </Badge>
      </div>
      <p className="flex items-center gap-2 text-sm text-neutral-700">
        <Navigation aria-hidden className={isSharing ? 'size-4 text-brand-600' : 'size-4 text-neutral-500'} />
        {!isSharing
          ? 'Not sharing: turn sharing on so your customer can follow you.'
          : lastSentAt
            ? `Sharing live · Last sent ${timeFormat.format(lastSentAt)}`
            : 'Sharing live · Finding your location…'}
      </p>
    </Card>
  );
}
