import { RadioGroup } from 'radix-ui';
import { statsPeriods, type StatsPeriod } from '@core/domain/business-weeks.ts';
import { cn } from '@/lib/cn.ts';
import { periodLabels } from './chart-format.ts';

/** The dashboard's period as a segmented control: a radio group, so arrow keys move between the periods. */
export function PeriodPicker({ value, onChange }: { value: StatsPeriod; onChange: (period: StatsPeriod) => void }) {
  return (
    <RadioGroup.Root
      aria-label="Period"
      value={value}
      onValueChange={(next) => onChange(next as StatsPeriod)}
      orientation="horizontal"
      className="grid grid-cols-4 gap-1 rounded-control bg-neutral-100 p-1"
    >
      {statsPeriods.map((period) => (
        <RadioGroup.Item
          key={period}
          value={period}
          className={cn(
            'min-h-11 rounded-[6px] px-1 text-sm font-medium text-neutral-700 transition-colors duration-150',
            'hover:text-neutral-900 data-[state=checked]:bg-surface data-[state=checked]:text-brand-700 data-[state=checked]:shadow-card',
          )}
        >
          {periodLabels[period]}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
