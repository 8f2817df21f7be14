import { useEffect, useId, useState } from 'react';
import { actionOpensAt, openingTimeText } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { customerSeesWithoutLocation, requestPosition } from '@/lib/geolocation.ts';
import { cn } from '@/lib/cn.ts';
import { toast } from '@/lib/toast.ts';
import { useBookingProof } from '@/components/proof/api/get-booking-proof.ts';
import { useOfflineJob } from '@/components/proof/offline-job.tsx';
import { useTransitionBooking, type DetailerBookingAction } from './api/transition-booking.ts';
import { DeclineRequestDialog } from './decline-request-dialog.tsx';
import { CustomerAbsentDialog } from './customer-absent-dialog.tsx';

const detailerActionLabels: Record<DetailerBookingAction, string> = {
  accept: 'Accept',
  decline: 'Decline',
  'start-route': 'On my way',
  start: 'Start',
  complete: 'Complete',
  'customer-absent': 'Customer absent',
};
const detailerActionOrder = Object.keys(detailerActionLabels) as DetailerBookingAction[];

type DetailerActionButtonsProps = {
  booking: Booking;
  className?: string;
  /** The accessible name of a button when its label alone is ambiguous (several jobs on one page). */
  accessibleName?: (label: string) => string;
};

// setTimeout fires at once past 2^31 - 1 ms: a later opening is waited for a day at a time.
const longestWaitMs = 24 * 60 * 60 * 1000;

/** The browser's clock (Date.now), read again when the first of `openings` (epoch ms) still ahead comes. */
function useNowUntil(openings: number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = Math.min(...openings.filter((at) => at > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - now, longestWaitMs));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}

/**
 * What Complete still needs (decision 020), from the job's proof: null while unknown (loading), empty when nothing
 * is missing or the proof could not be read (the server, which checks it anyway, then decides).
 */
function useMissingForComplete(booking: Booking, isOffered: boolean): string[] | null {
  const proof = useBookingProof(booking.id, { enabled: isOffered });
  if (!isOffered || proof.isError) return [];
  return proof.data?.missing ?? null;
}

/**
 * The detailer's moves the server allows on this booking (its allowedActions), one button each. On my way and
 * Start open shortly before the start (the graph's guard, decision 015): until then the button is disabled and
 * says when it opens, on the booking's clock (the detailer's zone); the server refuses them until then anyway.
 * Complete stays disabled, listing what is missing, until the job has an after photo and its checklist is done.
 */
export function DetailerActionButtons({ booking, className, accessibleName }: DetailerActionButtonsProps) {
  const transition = useTransitionBooking();
  const offline = useOfflineJob(booking.id);
  const noteId = useId();
  const actions = detailerActionOrder.filter((action) => booking.allowedActions.includes(action));
  const startsAt = new Date(booking.startsAt);
  const openings = actions.map((action) => actionOpensAt(action, startsAt));
  const now = useNowUntil(openings.flatMap((at) => (at ? [at.getTime()] : [])));
  const missing = useMissingForComplete(booking, actions.includes('complete'));
  const [isDeclineOpen, setIsDeclineOpen] = useState(false);
  const [isAbsentOpen, setIsAbsentOpen] = useState(false);
  if (actions.length === 0) return null;

  /**
   * On my way starts sharing the location for this job (the server turns it on with the move): the browser is asked
   * for its permission first, once. A refusal does not hold the trip up; the detailer is told what the customer sees.
   */
  async function startRoute() {
    // Without signal there is no location to share: On my way waits on the phone with the rest (decision 049).
    if (offline.shouldQueue) {
      void offline.keep({ kind: 'start-route' });
      return;
    }
    const answer = await requestPosition();
    send('start-route', () => {
      if (answer === 'denied' || answer === 'unsupported') {
        toast({ title: 'On your way, without your location', description: customerSeesWithoutLocation, variant: 'destructive' });
      }
    });
  }

  function send(action: DetailerBookingAction, onSuccess?: () => void) {
    // Without signal (decision 049), Start and Complete wait on the phone, shown as done; the rest need the network.
    if (offline.shouldQueue && (action === 'start' || action === 'complete')) {
      void offline.keep({ kind: action });
      return;
    }
    transition.mutate(
      { bookingId: booking.id, action },
      {
        onSuccess,
        onError: (error) =>
          toast({ title: 'Could not update the job', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  }

  return (
    <div className={cn('grid gap-3', className)}>
      {actions.map((action, index) => {
        const opensAt = openings[index]!;
        const closed = opensAt !== null && now < opensAt.getTime();
        const needsProof = action === 'complete' && (missing === null || missing.length > 0);
        const hasNote = closed || (needsProof && missing !== null);
        return (
          // Complete is the job's last move, alone in its status: the whole row, with room for what it still needs.
          <div key={action} className={cn('grid content-start gap-1', action === 'complete' && 'col-span-full')}>
            <Button
              variant={action === 'decline' || action === 'customer-absent' ? 'secondary' : 'primary'}
              disabled={transition.isPending || closed || needsProof}
              aria-label={accessibleName?.(detailerActionLabels[action])}
              aria-describedby={hasNote ? `${noteId}-${action}` : undefined}
              onClick={() =>
                action === 'decline'
                  ? setIsDeclineOpen(true)
                  : action === 'customer-absent'
                    ? setIsAbsentOpen(true)
                    : action === 'start-route'
                      ? void startRoute()
                      : send(action)
              }
            >
              {detailerActionLabels[action]}
            </Button>
            {closed && (
              <p id={`${noteId}-${action}`} className="text-center text-xs text-neutral-600">
                Opens {openingTimeText(opensAt, booking.timeZone, new Date(now))}
              </p>
            )}
            {!closed && needsProof && missing !== null && (
              <div id={`${noteId}-${action}`} className="text-xs text-neutral-600">
                <p>To complete, still needed:</p>
                <ul className="list-disc pl-4">
                  {missing.map((text, position) => (
                    <li key={position}>{text}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        );
      })}
      {actions.includes('customer-absent') && (
        <CustomerAbsentDialog
          open={isAbsentOpen}
          onOpenChange={setIsAbsentOpen}
          booking={booking}
          isPending={transition.isPending}
          onConfirm={() =>
            send('customer-absent', () => {
              setIsAbsentOpen(false);
              toast({ title: 'Customer marked absent', description: `${booking.customerName} has been told.` });
            })
          }
        />
      )}
      {actions.includes('decline') && (
        <DeclineRequestDialog
          open={isDeclineOpen}
          onOpenChange={setIsDeclineOpen}
          booking={booking}
          isPending={transition.isPending}
          onDecline={() =>
            send('decline', () => {
              setIsDeclineOpen(false);
              toast({ title: 'Request declined', description: `${booking.customerName} has been told.` });
            })
          }
        />
      )}
    </div>
  );
}
