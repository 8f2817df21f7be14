import { Check } from 'lucide-react';
import { bookingStatusLabel, type BookingStatus } from '@core/domain/booking-status.ts';
import { cn } from '@/lib/cn.ts';

/** The main path of the lifecycle; side exits (declined, cancelled...) end it early. */
const mainPath = ['pending_payment', 'requested', 'accepted', 'en_route', 'in_progress', 'completed'] as const satisfies readonly BookingStatus[];

/** Where a side exit can leave the main path from, to show how far the booking got. */
const exitAfter: Partial<Record<BookingStatus, BookingStatus>> = {
  abandoned: 'pending_payment',
  expired: 'requested',
  declined: 'requested',
};

/** An ordered list of statuses, the current one marked with aria-current. */
export function JobTimeline({ status }: { status: BookingStatus }) {
  const mainIndex = (mainPath as readonly BookingStatus[]).indexOf(status);
  const isSideExit = mainIndex === -1;
  const reachedIndex = isSideExit ? (mainPath as readonly BookingStatus[]).indexOf(exitAfter[status] ?? 'pending_payment') : mainIndex;
  const steps: BookingStatus[] = isSideExit ? [...mainPath.slice(0, reachedIndex + 1), status] : [...mainPath];
  const currentIndex = isSideExit ? steps.length - 1 : mainIndex;

  return (
    <ol className="grid gap-0">
      {steps.map((step, index) => {
        const isDone = index < currentIndex;
        const isCurrent = index === currentIndex;
        return (
          <li key={step} aria-current={isCurrent ? 'step' : undefined} className="relative flex gap-3 pb-6 last:pb-0">
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
                isCurrent && (isSideExit ? 'border-neutral-500 bg-neutral-100 text-neutral-700' : 'border-brand-600 bg-brand-50 text-brand-700'),
                !isDone && !isCurrent && 'border-neutral-300 bg-surface text-neutral-500',
              )}
            >
              {isDone ? <Check className="size-4" strokeWidth={3} /> : index + 1}
            </span>
            <div className="pt-1">
              <p className={cn('font-medium', isCurrent ? 'text-neutral-900' : isDone ? 'text-neutral-700' : 'text-neutral-500')}>
                {bookingStatusLabel(step)}
              </p>
              {isCurrent && <p className="text-sm text-brand-700">{isSideExit ? 'Final status' : 'Current status'}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
