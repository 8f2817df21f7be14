import { Check } from 'lucide-react';
import { bookingStatusLabel, isFinalStatus, mainPathStatuses, type BookingStatus } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { cn } from '@/lib/cn.ts';

/** The main path of the lifecycle; side exits (declined, cancelled...) end it early. */
const mainPath = mainPathStatuses;

const timeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

type Step = { status: BookingStatus; at: string | null };

/** The statuses the booking went through (the server's timeline), then the ones still ahead on the main path. */
export function timelineSteps(booking: Pick<Booking, 'status' | 'timeline'>): { steps: Step[]; currentIndex: number } {
  const history: Step[] = [];
  for (const entry of booking.timeline ?? []) {
    // A reschedule keeps the status: one row per status change.
    if (history.at(-1)?.status !== entry.status) history.push({ status: entry.status, at: entry.at });
  }
  if (history.at(-1)?.status !== booking.status) history.push({ status: booking.status, at: null });
  const currentIndex = history.length - 1;
  const ahead = isFinalStatus(booking.status)
    ? []
    : mainPath.slice(mainPath.indexOf(booking.status) + 1).map((status) => ({ status, at: null }));
  return { steps: [...history, ...ahead], currentIndex };
}

/** An ordered list of statuses, the current one marked with aria-current="step". */
export function JobTimeline({ booking }: { booking: Pick<Booking, 'status' | 'timeline'> }) {
  const { steps, currentIndex } = timelineSteps(booking);
  const isSideExit = !mainPath.includes(booking.status);
  return (
    <ol className="grid">
      {steps.map((step, index) => {
        const isDone = index < currentIndex;
        const isCurrent = index === currentIndex;
        return (
          <li key={`${step.status}-${index}`} aria-current={isCurrent ? 'step' : undefined} className="relative flex gap-3 pb-6 last:pb-0">
            {index < steps.length - 1 && (
              <span
                aria-hidden
                className={cn('absolute top-8 left-[15px] h-[calc(100%-2rem)] w-0.5', isDone ? 'bg-brand-600' : 'bg-neutral-200')}
              />
            )}
            <span
              aria-hidden
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                isDone && 'border-brand-600 bg-brand-600 text-white',
                isCurrent &&
                  (isSideExit ? 'border-neutral-500 bg-neutral-100 text-neutral-700' : 'border-brand-600 bg-brand-50 text-brand-700'),
                !isDone && !isCurrent && 'border-neutral-300 bg-surface text-neutral-500',
              )}
            >
              {isDone || (isCurrent && booking.status === 'completed') ? <Check className="size-4" strokeWidth={3} /> : index + 1}
            </span>
            <div className="pt-1">
              <p className={cn('font-medium', isCurrent ? 'text-neutral-900' : isDone ? 'text-neutral-700' : 'text-neutral-500')}>
                {bookingStatusLabel(step.status)}
              </p>
              {step.at && <p className="text-sm text-neutral-600">{timeFormat.format(new Date(step.at))}</p>}
              {isCurrent && <p className="text-sm font-medium text-brand-700">Current status</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
