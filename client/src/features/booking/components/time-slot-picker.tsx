import type { AvailabilitySlot, TimeSlotLabel } from '@core/schemas/booking.ts';
import { timeSlotLabels } from '@core/domain/time-slots.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { cn } from '@/lib/cn.ts';

export interface TimeSlotPickerProps {
  slots: AvailabilitySlot[] | undefined;
  value: TimeSlotLabel | null | undefined;
  onChange: (time: TimeSlotLabel) => void;
  isLoading?: boolean;
  /** Id of the visible heading that names the group. */
  labelledBy: string;
  describedBy?: string;
  /** Slots marked Soonest ('Book again': the detailer's first free ones). */
  soonest?: readonly TimeSlotLabel[];
}

/** The day's six slots as a radio group; a slot the detailer cannot take is shown disabled and marked Unavailable. */
export function TimeSlotPicker({ slots, value, onChange, isLoading, labelledBy, describedBy, soonest = [] }: TimeSlotPickerProps) {
  if (isLoading || !slots) {
    return (
      <div className="grid grid-cols-3 gap-2" role="status" aria-label="Loading time slots">
        {timeSlotLabels.map((label) => (
          <Skeleton key={label} className="h-12" />
        ))}
      </div>
    );
  }
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} className="grid grid-cols-3 gap-2">
      {slots.map((slot) => {
        const isSelected = slot.time === value;
        const isSoonest = slot.available && soonest.includes(slot.time);
        return (
          <button
            key={slot.time}
            type="button"
            role="radio"
            aria-checked={isSelected}
            disabled={!slot.available}
            onClick={() => onChange(slot.time)}
            className={cn(
              'flex min-h-12 flex-col items-center justify-center rounded-control border px-2 py-1 text-sm font-medium transition-colors duration-150',
              isSelected
                ? 'border-brand-600 bg-brand-600 text-white'
                : cn(
                    'bg-surface text-neutral-900 enabled:hover:border-brand-400 enabled:hover:bg-brand-50',
                    isSoonest ? 'border-brand-400' : 'border-neutral-300',
                  ),
              'disabled:cursor-not-allowed disabled:border-neutral-200 disabled:bg-neutral-100 disabled:text-neutral-500',
            )}
          >
            <span className={cn(!slot.available && 'line-through')}>{slot.time}</span>
            {!slot.available && <span className="text-xs font-normal">Unavailable</span>}
            {isSoonest && (
              <span
                className={cn(
                  'rounded-full px-2 text-xs leading-4 font-medium',
                  isSelected ? 'bg-brand-800 text-white' : 'bg-brand-50 text-brand-700',
                )}
              >
                {/* Read as '9:00 AM, Soonest'. */}
                <span className="sr-only">, </span>Soonest
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
