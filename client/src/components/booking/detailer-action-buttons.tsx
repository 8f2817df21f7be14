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

/** The detailer's moves the server allows on this booking (its allowedActions), one button each. */
export function DetailerActionButtons({ booking, className, accessibleName }: DetailerActionButtonsProps) {
  const transition = useTransitionBooking();
  const actions = detailerActionOrder.filter((action) => booking.allowedActions.includes(action));
  if (actions.length === 0) return null;
  return (
    <div className={cn('grid gap-3', className)}>
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'decline' ? 'secondary' : 'primary'}
          disabled={transition.isPending}
          aria-label={accessibleName?.(detailerActionLabels[action])}
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
      ))}
    </div>
  );
}
