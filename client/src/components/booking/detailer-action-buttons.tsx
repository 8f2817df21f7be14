import { useEffect, useId, useState } from 'react';
import { actionOpensAt, openingTimeText } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { toast } from '@/lib/toast.ts';
import { useTransitionBooking, type DetailerBookingAction } from './api/transition-booking.ts';

const detailerActionLabels: Record<DetailerBookingAction, string> = {
  accept: 'Accept',
  decline: 'Decline',
  'start-route': 'On my way',
  start: 'Start',
  complete: 'Complete',
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
 * The detailer's moves the server allows on this booking (its allowedActions), one button each. On my way and
 * Start open shortly before the start (the graph's guard, decision 015): until then the button is disabled and
 * says when it opens, on the booking's clock (the detailer's zone); the server refuses them until then anyway.
 */
export function DetailerActionButtons({ booking, className, accessibleName }: DetailerActionButtonsProps) {
  const transition = useTransitionBooking();
  const noteId = useId();
  const actions = detailerActionOrder.filter((action) => booking.allowedActions.includes(action));
  const startsAt = new Date(booking.startsAt);
  const openings = actions.map((action) => actionOpensAt(action, startsAt));
  const now = useNowUntil(openings.flatMap((at) => (at ? [at.getTime()] : [])));
  if (actions.length === 0) return null;
  return (
    <div className={cn('grid gap-3', className)}>
      {actions.map((action, index) => {
        const opensAt = openings[index]!;
        const closed = opensAt !== null && now < opensAt.getTime();
        return (
          <div key={action} className="grid content-start gap-1">
            <Button
              variant={action === 'decline' ? 'secondary' : 'primary'}
              disabled={transition.isPending || closed}
              aria-label={accessibleName?.(detailerActionLabels[action])}
              aria-describedby={closed ? `${noteId}-${action}` : undefined}
              onClick={() =>
                transition.mutate(
                  { bookingId: booking.id, action },
                  {
                    onError: (error) =>
                      toast({ title: 'Could not update the job', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                  },
                )
              }
            >
              {detailerActionLabels[action]}
            </Button>
            {closed && (
              <p id={`${noteId}-${action}`} className="text-center text-xs text-neutral-600">
                Opens {openingTimeText(opensAt, booking.timeZone, new Date(now))}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
