import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { addDays, formatLongDate, formatMonth, fromIsoDate, monthWeeks, type IsoDate } from '@/lib/calendar-dates.ts';

const weekdayNames = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

export interface DayCalendarProps {
  value: IsoDate | null;
  onChange: (date: IsoDate) => void;
  /** Days before this one are disabled (the spec: past days). */
  minDate: IsoDate;
  /** How far ahead a customer may book. */
  maxDate: IsoDate;
  /** Days the detailer does not work (GET /api/detailers/:id/closed-days): disabled and named so. */
  closedDates?: readonly IsoDate[];
  label?: string;
}

/**
 * A single-day month grid. One day button is in the tab order (roving tabindex); the arrow keys move by
 * day and week, Home/End to the week's ends, PageUp/PageDown by month, as the WAI-ARIA date picker does.
 */
export function DayCalendar({ value, onChange, minDate, maxDate, closedDates = [], label = 'Choose a date' }: DayCalendarProps) {
  const initial = fromIsoDate(value ?? minDate);
  const [month, setMonth] = useState({ year: initial.getUTCFullYear(), index: initial.getUTCMonth() });
  const [focused, setFocused] = useState<IsoDate>(value ?? minDate);
  const gridRef = useRef<HTMLTableElement>(null);
  // A day chosen from outside (the soonest free day of 'Book again') may be in another month: show that month.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value && !value.startsWith(`${month.year}-${String(month.index + 1).padStart(2, '0')}-`)) {
      const target = fromIsoDate(value);
      setMonth({ year: target.getUTCFullYear(), index: target.getUTCMonth() });
      setFocused(value);
    }
  }

  const isClosed = (date: IsoDate) => closedDates.includes(date);
  const isDisabled = (date: IsoDate) => date < minDate || date > maxDate || isClosed(date);
  const weeks = monthWeeks(month.year, month.index);
  const monthStart = `${month.year}-${String(month.index + 1).padStart(2, '0')}-01`;
  const canGoBack = monthStart > minDate.slice(0, 8) + '01';
  const canGoForward = monthStart < maxDate.slice(0, 8) + '01';
  // The focusable day: the focused one when it is in view, otherwise the selection or the first enabled day.
  const inView = (date: IsoDate) => date.startsWith(monthStart.slice(0, 8));
  const enabledInView = weeks.flat().filter((d): d is IsoDate => d !== null && !isDisabled(d));
  const tabbable = inView(focused) && !isDisabled(focused) ? focused : value && inView(value) ? value : enabledInView[0];

  function showMonth(delta: number) {
    const next = new Date(Date.UTC(month.year, month.index + delta, 1));
    setMonth({ year: next.getUTCFullYear(), index: next.getUTCMonth() });
  }

  function moveFocus(date: IsoDate) {
    const clamped = date < minDate ? minDate : date > maxDate ? maxDate : date;
    const target = fromIsoDate(clamped);
    setMonth({ year: target.getUTCFullYear(), index: target.getUTCMonth() });
    setFocused(clamped);
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${clamped}"]`)?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: IsoDate) {
    const weekday = fromIsoDate(date).getUTCDay();
    const moves: Record<string, () => IsoDate> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekday),
      End: () => addDays(date, 6 - weekday),
      PageUp: () => addDays(date, -30),
      PageDown: () => addDays(date, 30),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  }

  const heading = formatMonth(month.year, month.index);
  return (
    <div className="rounded-card border border-neutral-200 bg-surface p-3">
      <div className="mb-2 flex items-center justify-between">
        <Button variant="ghost" size="icon" aria-label="Previous month" disabled={!canGoBack} onClick={() => showMonth(-1)}>
          <ChevronLeft aria-hidden />
        </Button>
        <p className="text-base font-semibold text-neutral-900" aria-live="polite" id="calendar-month">
          {heading}
        </p>
        <Button variant="ghost" size="icon" aria-label="Next month" disabled={!canGoForward} onClick={() => showMonth(1)}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <table ref={gridRef} className="w-full table-fixed border-collapse text-center" aria-label={`${label}, ${heading}`}>
        <thead>
          <tr>
            {weekdayNames.map(([short, long]) => (
              <th key={long} scope="col" abbr={long} className="pb-1 text-xs font-medium text-neutral-500">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, weekIndex) => (
            <tr key={weekIndex}>
              {week.map((date, dayIndex) => (
                <td key={date ?? `pad-${weekIndex}-${dayIndex}`} className="p-0.5">
                  {date && (
                    <button
                      type="button"
                      data-date={date}
                      aria-label={isClosed(date) && date >= minDate ? `${formatLongDate(date)}, not working` : formatLongDate(date)}
                      aria-pressed={date === value}
                      disabled={isDisabled(date)}
                      tabIndex={date === tabbable ? 0 : -1}
                      onClick={() => {
                        setFocused(date);
                        onChange(date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      className={cn(
                        'mx-auto flex aspect-square w-full max-w-11 items-center justify-center rounded-full text-sm transition-colors duration-150',
                        'disabled:cursor-not-allowed disabled:text-neutral-400 disabled:line-through',
                        date === value ? 'bg-brand-600 font-semibold text-white' : 'text-neutral-900 enabled:hover:bg-brand-50',
                      )}
                    >
                      {Number(date.slice(8))}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
