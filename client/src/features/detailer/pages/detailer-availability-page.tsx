import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CalendarOff, X } from 'lucide-react';
import { dateInZone } from '@core/domain/time-slots.ts';
import {
  availabilityRuleSchema,
  dayOffSchema,
  type AvailabilityRule,
  type DayOffInput,
  type WeeklyAvailability,
} from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input, fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useAddDayOff } from '../api/add-day-off.ts';
import { useWeeklyAvailability } from '../api/get-weekly-availability.ts';
import { useRemoveDayOff } from '../api/remove-day-off.ts';
import { useUpdateWeeklyAvailability } from '../api/update-weekly-availability.ts';
import { ServiceAreaSection } from '../components/service-area-section.tsx';
import { TravelBufferSection } from '../components/travel-buffer-section.tsx';
import { InstantBookingSection } from '../components/instant-booking-section.tsx';
import { CalendarFeedSection } from '../components/calendar-feed-section.tsx';

// Monday first: the working week reads top to bottom.
const weekdays = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 0, name: 'Sunday' },
] as const;

/** Half-hour choices from 5:00 AM to 10:00 PM. */
const minuteOptions = Array.from({ length: 35 }, (_, index) => 5 * 60 + index * 30);

function formatMinute(minute: number): string {
  const hour = Math.floor(minute / 60);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  return `${((hour + 11) % 12) + 1}:${String(minute % 60).padStart(2, '0')} ${suffix}`;
}

type DayHours = { isOpen: boolean; startMinute: number; endMinute: number };

/** One range per day: several server ranges on one day are shown (and saved) as their span. */
function toDayHours(rules: AvailabilityRule[]): Record<number, DayHours> {
  const days: Record<number, DayHours> = {};
  for (const { weekday } of weekdays) {
    const today = rules.filter((rule) => rule.weekday === weekday);
    days[weekday] = today.length
      ? {
          isOpen: true,
          startMinute: Math.min(...today.map((r) => r.startMinute)),
          endMinute: Math.max(...today.map((r) => r.endMinute)),
        }
      : { isOpen: false, startMinute: 9 * 60, endMinute: 17 * 60 };
  }
  return days;
}

/** /detailer/availability: weekly hours and days off (customers' slots follow at once), and the calendar feed of both. */
export default function DetailerAvailabilityPage() {
  const availability = useWeeklyAvailability();
  const { user } = useCurrentUser();
  if (availability.isPending) {
    return (
      <LoadingState label="Loading your availability" className="p-4">
        {weekdays.map(({ weekday }) => (
          <Skeleton key={weekday} className="h-14" />
        ))}
      </LoadingState>
    );
  }
  if (availability.isError) {
    return <ErrorState message="We couldn't load your availability." onRetry={() => availability.refetch()} />;
  }
  return (
    <div className="grid gap-6 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Availability</h1>
      <InstantBookingSection />
      <WeeklyHoursForm key={JSON.stringify(availability.data.rules)} availability={availability.data} />
      <DaysOff availability={availability.data} />
      <CalendarFeedSection timeZone={availability.data.timeZone} />
      {user?.detailerId ? <ServiceAreaSection detailerId={user.detailerId} /> : null}
      <TravelBufferSection />
    </div>
  );
}

/** Why an open day's hours would be refused, by the same rule the server applies; null when they are fine. */
function hoursError(weekday: number, day: DayHours): string | null {
  if (!day.isOpen) return null;
  const rule = availabilityRuleSchema.safeParse({ weekday, startMinute: day.startMinute, endMinute: day.endMinute });
  return rule.success ? null : (rule.error.issues[0]?.message ?? null);
}

function WeeklyHoursForm({ availability }: { availability: WeeklyAvailability }) {
  const [days, setDays] = useState(() => toDayHours(availability.rules));
  const save = useUpdateWeeklyAvailability();
  const invalidDays = weekdays.filter(({ weekday }) => hoursError(weekday, days[weekday]!) !== null);
  const change = (weekday: number, patch: Partial<DayHours>) =>
    setDays((current) => ({ ...current, [weekday]: { ...current[weekday]!, ...patch } }));

  function submit() {
    const rules = weekdays
      .filter(({ weekday }) => days[weekday]!.isOpen)
      .map(({ weekday }) => ({ weekday, startMinute: days[weekday]!.startMinute, endMinute: days[weekday]!.endMinute }));
    save.mutate(rules, {
      onSuccess: () => toast({ title: 'Hours saved', description: 'Customers now see your new times.' }),
      onError: (error) =>
        toast({ title: 'Could not save your hours', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  }

  return (
    <section aria-labelledby="hours-heading" className="grid gap-3">
      <div>
        <h2 id="hours-heading" className="text-lg font-semibold text-neutral-900">
          Weekly hours
        </h2>
        <p className="text-sm text-neutral-600">Times are in {availability.timeZone.replace(/_/g, ' ')}.</p>
      </div>
      <Card className="divide-y divide-neutral-200">
        {weekdays.map(({ weekday, name }) => {
          const day = days[weekday]!;
          const error = hoursError(weekday, day);
          return (
            <div key={weekday} className="grid gap-2 p-4">
              <div className="flex min-h-11 items-center justify-between gap-3">
                <Label htmlFor={`open-${weekday}`} className="text-base">
                  {name}
                </Label>
                <div className="flex items-center gap-2">
                  <span className="text-sm text-neutral-600" aria-hidden>
                    {day.isOpen ? 'Open' : 'Closed'}
                  </span>
                  <Switch id={`open-${weekday}`} checked={day.isOpen} onCheckedChange={(isOpen) => change(weekday, { isOpen })} />
                </div>
              </div>
              {day.isOpen && (
                <div className="grid grid-cols-2 gap-3">
                  <TimeSelect
                    id={`start-${weekday}`}
                    label={`${name} start`}
                    visibleLabel="From"
                    value={day.startMinute}
                    onChange={(startMinute) => change(weekday, { startMinute })}
                  />
                  <TimeSelect
                    id={`end-${weekday}`}
                    label={`${name} end`}
                    visibleLabel="To"
                    value={day.endMinute}
                    invalid={error !== null}
                    onChange={(endMinute) => change(weekday, { endMinute })}
                  />
                  {error && (
                    <FieldError id={`end-${weekday}-error`} className="col-span-2">
                      {error}
                    </FieldError>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </Card>
      <Button size="lg" onClick={submit} disabled={save.isPending || invalidDays.length > 0}>
        {save.isPending ? 'Saving...' : 'Save hours'}
      </Button>
    </section>
  );
}

function TimeSelect(props: {
  id: string;
  label: string;
  visibleLabel: string;
  value: number;
  invalid?: boolean;
  onChange: (minute: number) => void;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={props.id} className="text-xs font-medium text-neutral-600">
        <span aria-hidden>{props.visibleLabel}</span>
        <span className="sr-only">{props.label}</span>
      </label>
      <select
        id={props.id}
        value={props.value}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.invalid ? `${props.id}-error` : undefined}
        onChange={(event) => props.onChange(Number(event.target.value))}
        className={cn(fieldClasses, 'h-11')}
      >
        {minuteOptions.map((minute) => (
          <option key={minute} value={minute}>
            {formatMinute(minute)}
          </option>
        ))}
      </select>
    </div>
  );
}

// The API's own rule for a day off; the schema comes with the page, which already imports its module.
const dayOffResolver = schemaResolver<DayOffInput>(() => Promise.resolve(dayOffSchema));

function DaysOff({ availability }: { availability: WeeklyAvailability }) {
  const today = dateInZone(new Date(), availability.timeZone);
  const form = useForm<DayOffInput>({ resolver: dayOffResolver, defaultValues: { date: '' } });
  const date = useWatch({ control: form.control, name: 'date' });
  const dateError = form.formState.errors.date?.message;
  const add = useAddDayOff();
  const remove = useRemoveDayOff();
  const onError = (error: unknown) =>
    toast({ title: 'Could not update your days off', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  const format = (value: string) =>
    new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

  return (
    <section aria-labelledby="days-off-heading" className="grid gap-3">
      <div>
        <h2 id="days-off-heading" className="text-lg font-semibold text-neutral-900">
          Days off
        </h2>
        <p className="text-sm text-neutral-600">No one can book you on a blocked day.</p>
      </div>
      <form
        noValidate
        className="grid gap-1.5"
        onSubmit={form.handleSubmit(async ({ date: day }) => {
          try {
            await add.mutateAsync(day);
            form.reset();
          } catch (error) {
            onError(error);
          }
        })}
      >
        <div className="flex items-end gap-3">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="day-off">Date</Label>
            <Input
              id="day-off"
              type="date"
              min={today}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? 'day-off-error' : undefined}
              {...form.register('date')}
            />
          </div>
          <Button type="submit" disabled={!date || form.formState.isSubmitting}>
            Block day
          </Button>
        </div>
        <FieldError id="day-off-error">{dateError}</FieldError>
      </form>
      {availability.daysOff.length === 0 ? (
        <p className="rounded-card bg-surface p-4 text-sm text-neutral-600 shadow-card">No days off planned.</p>
      ) : (
        <ul className="grid gap-2">
          {availability.daysOff.map((day) => (
            <li key={day}>
              <Card className="flex items-center gap-3 py-1 pr-1 pl-4">
                <CalendarOff aria-hidden className="size-4 text-neutral-500" />
                <span className="flex-1 text-sm font-medium text-neutral-900">{format(day)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Unblock ${format(day)}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(day, { onError })}
                >
                  <X aria-hidden />
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
