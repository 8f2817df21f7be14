import { Check } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

export const bookingSteps = ['Service', 'Time', 'Payment'] as const;
export type BookingStep = 1 | 2 | 3;

/** 1 Service, 2 Time, 3 Payment: every step up to and including the current one is highlighted. */
export function StepIndicator({ currentStep }: { currentStep: BookingStep }) {
  return (
    <nav aria-label="Booking steps">
      <ol className="flex items-center gap-2">
        {bookingSteps.map((label, index) => {
          const step = index + 1;
          const isReached = step <= currentStep;
          const isCurrent = step === currentStep;
          const isDone = step < currentStep;
          return (
            <li
              key={label}
              aria-current={isCurrent ? 'step' : undefined}
              data-highlighted={isReached}
              className="flex flex-1 items-center gap-2"
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  isReached ? 'bg-brand-600 text-white' : 'bg-neutral-200 text-neutral-600',
                )}
              >
                {isDone ? <Check aria-hidden className="size-4" strokeWidth={3} /> : step}
                {isDone && <span className="sr-only">{step}</span>}
              </span>
              <span className={cn('text-sm', isReached ? 'font-semibold text-brand-700' : 'text-neutral-600')}>{label}</span>
              {step < bookingSteps.length && (
                <span aria-hidden className={cn('h-0.5 flex-1 rounded-full', step < currentStep ? 'bg-brand-600' : 'bg-neutral-200')} />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
