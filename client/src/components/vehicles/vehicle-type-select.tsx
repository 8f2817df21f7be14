import type { ComponentProps } from 'react';
import { vehicleTypes } from '@core/domain/booking-fields.ts';
import { fieldClasses } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';

/** The vehicle type select with its "Select vehicle type" placeholder, greyed while `isEmpty`. */
export function VehicleTypeSelect({ isEmpty, ...props }: ComponentProps<'select'> & { isEmpty: boolean }) {
  return (
    <select className={cn(fieldClasses, 'h-11', isEmpty && 'text-neutral-500')} {...props}>
      <option value="" disabled>
        Select vehicle type
      </option>
      {vehicleTypes.map((type) => (
        <option key={type} value={type} className="text-neutral-900">
          {type}
        </option>
      ))}
    </select>
  );
}
