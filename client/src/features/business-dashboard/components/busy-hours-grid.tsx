import type { BusinessStats } from '@core/schemas/business-stats.ts';
import { cn } from '@/lib/cn.ts';
import { hourLabel, weekdayNames } from './chart-format.ts';

// The busiest days and hours as a heat grid of plain CSS cells: a day x hour table of colours reads better on a
// phone than a chart library's scatter. Like the other drawings it is hidden from assistive tech by its card.

/** Monday first: the working week reads top to bottom, as on the availability page. */
const dayOrder = [1, 2, 3, 4, 5, 6, 0];

/** Fewer to more jobs, from the theme's greys and blues. */
const levels = ['bg-neutral-100', 'bg-brand-100', 'bg-brand-300', 'bg-brand-500', 'bg-brand-700'];

function level(count: number, max: number): number {
  if (count === 0 || max === 0) return 0;
  return Math.max(1, Math.ceil((count / max) * 4));
}

/** The hours shown: the working day (8 AM to 5 PM), widened to every hour that had a job. */
export function hourRange(cells: BusinessStats['busyHours']): number[] {
  const hours = cells.map((cell) => cell.hour);
  const first = Math.min(8, ...hours);
  const last = Math.max(17, ...hours);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

export function BusyHoursGrid({ cells }: { cells: BusinessStats['busyHours'] }) {
  const hours = hourRange(cells);
  const counts = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell.count]));
  const max = Math.max(0, ...cells.map((cell) => cell.count));
  const columns = { gridTemplateColumns: `2.25rem repeat(${hours.length}, minmax(0, 1fr))` };
  return (
    <div className="grid h-full content-between">
      <div className="grid gap-1" style={columns}>
        <span />
        {hours.map((hour) => (
          <span key={hour} className="text-center text-[11px] leading-4 text-neutral-600">
            {hour % 2 === 0 ? hourLabel(hour, 'short') : ''}
          </span>
        ))}
        {dayOrder.map((weekday) => (
          <div key={weekday} className="contents">
            <span className="text-xs leading-[18px] text-neutral-600">{weekdayNames[weekday]!.slice(0, 3)}</span>
            {hours.map((hour) => {
              const count = counts.get(`${weekday}-${hour}`) ?? 0;
              return (
                <span
                  key={hour}
                  title={`${weekdayNames[weekday]} ${hourLabel(hour)}: ${count} ${count === 1 ? 'job' : 'jobs'}`}
                  className={cn('h-[18px] rounded-sm', levels[level(count, max)])}
                />
              );
            })}
          </div>
        ))}
      </div>
      <div className="flex items-center justify-end gap-1 text-xs text-neutral-600">
        <span className="mr-1">Fewer</span>
        {levels.map((shade) => (
          <span key={shade} className={cn('size-3 rounded-sm', shade)} />
        ))}
        <span className="ml-1">More</span>
      </div>
    </div>
  );
}
