import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { timeSlotLabels } from '@core/domain/time-slots.ts';
import type { MoveVisitForm as MoveVisitValues, UpcomingVisit, VisitStatus } from '@core/schemas/membership-visits.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatLongDate } from '@/lib/calendar-dates.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useConfirmVisit, useMoveVisit, useSkipVisit } from './api/visit-mutations.ts';

const statusBadges: Record<VisitStatus, { label: string; variant: BadgeVariant }> = {
  planned: { label: 'Books 7 days ahead', variant: 'neutral' },
  booked: { label: 'Booked', variant: 'success' },
  needs_confirmation: { label: 'Please confirm', variant: 'warning' },
  skipped: { label: 'Skipped', variant: 'neutral' },
  unfilled: { label: 'Not booked', variant: 'danger' },
};

function whenOf(visit: UpcomingVisit): string {
  if (!visit.startsAt) return formatLongDate(visit.dueOn);
  const starts = new Date(visit.startsAt);
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(visit.timeZone ? { timeZone: visit.timeZone } : {}),
  }).format(starts);
}

const moveResolver = schemaResolver<MoveVisitValues>(() =>
  import('@core/schemas/membership-visits.ts').then((schemas) => schemas.moveVisitFormSchema),
);

/** Another free time of the same detailer for one booked visit; the rhythm's dates stay. */
function MoveVisitForm({ membershipId, visit, onDone }: { membershipId: number; visit: UpcomingVisit; onDone: () => void }) {
  const form = useForm<MoveVisitValues>({ resolver: moveResolver, defaultValues: { date: visit.dueOn, time: '9:00 AM' } });
  const { errors } = form.formState;
  const move = useMoveVisit(membershipId);
  const id = `move-${visit.dueOn}`;
  const submit = form.handleSubmit(({ date, time }) => {
    move.mutate(
      { dueOn: visit.dueOn, date, time },
      {
        onSuccess: () => {
          toast({ title: 'Visit moved', description: `${formatLongDate(date)} at ${time}` });
          onDone();
        },
        onError: (error) =>
          toast({ title: 'Could not move your visit', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 grid gap-3 rounded-control bg-neutral-50 p-3"
      aria-label={`Move the visit of ${formatLongDate(visit.dueOn)}`}
    >
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-date`}>New date</Label>
          <input
            id={`${id}-date`}
            type="date"
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? `${id}-date-error` : undefined}
            className={cn(fieldClasses, 'h-11')}
            {...form.register('date')}
          />
          <FieldError id={`${id}-date-error`}>{errors.date?.message}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-time`}>New time</Label>
          <select
            id={`${id}-time`}
            aria-invalid={errors.time ? true : undefined}
            aria-describedby={errors.time ? `${id}-time-error` : undefined}
            className={cn(fieldClasses, 'h-11')}
            {...form.register('time')}
          >
            {timeSlotLabels.map((label) => (
              <option key={label}>{label}</option>
            ))}
          </select>
          <FieldError id={`${id}-time-error`}>{errors.time?.message}</FieldError>
        </div>
      </div>
      <div className="flex gap-3">
        <Button type="submit" size="md" disabled={move.isPending}>
          {move.isPending ? 'Moving…' : 'Move visit'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Keep the time
        </Button>
      </div>
    </form>
  );
}

/** The rhythm's coming visits, each with what the member can do with it: skip it, move it, or confirm an alternative. */
export function UpcomingVisits({ membershipId, visits }: { membershipId: number; visits: UpcomingVisit[] }) {
  const [moving, setMoving] = useState<string | null>(null);
  const skip = useSkipVisit(membershipId);
  const confirm = useConfirmVisit(membershipId);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  if (visits.length === 0) return <p className="text-sm text-neutral-600">No visits coming up.</p>;
  return (
    <ul className="grid gap-3" aria-label="Upcoming visits">
      {visits.map((visit) => {
        const badge = statusBadges[visit.status];
        const isLive = visit.status === 'booked' || visit.status === 'needs_confirmation';
        return (
          <li key={visit.dueOn} className="rounded-control border border-neutral-200 p-3">
            <div className="flex items-start justify-between gap-3">
              <div className="grid gap-0.5">
                <p className="font-medium text-neutral-900">{whenOf(visit)}</p>
                <p className="text-sm text-neutral-600">
                  {visit.serviceName}
                  {visit.detailerName ? ` with ${visit.detailerName}` : ''}
                </p>
              </div>
              <Badge variant={badge.variant}>{badge.label}</Badge>
            </div>
            {visit.status === 'needs_confirmation' && (
              <div className="mt-3 flex flex-wrap gap-2">
                <p className="w-full text-sm text-neutral-700">Your usual time was taken. Does this time suit you?</p>
                <Button
                  size="md"
                  onClick={() => confirm.mutate({ dueOn: visit.dueOn, accept: true }, { onError: failed('Could not confirm') })}
                >
                  Accept
                </Button>
                <Button
                  size="md"
                  variant="secondary"
                  onClick={() => confirm.mutate({ dueOn: visit.dueOn, accept: false }, { onError: failed('Could not decline') })}
                >
                  Decline
                </Button>
              </div>
            )}
            {(isLive || visit.status === 'planned') && moving !== visit.dueOn && (
              <div className="mt-3 flex gap-2">
                <Button
                  size="md"
                  variant="secondary"
                  aria-label={`Skip the visit of ${formatLongDate(visit.dueOn)}`}
                  disabled={skip.isPending}
                  onClick={() =>
                    skip.mutate(
                      { dueOn: visit.dueOn },
                      { onSuccess: () => toast({ title: 'Visit skipped' }), onError: failed('Could not skip') },
                    )
                  }
                >
                  Skip
                </Button>
                {isLive && (
                  <Button
                    size="md"
                    variant="ghost"
                    aria-label={`Move the visit of ${formatLongDate(visit.dueOn)}`}
                    onClick={() => setMoving(visit.dueOn)}
                  >
                    Move
                  </Button>
                )}
              </div>
            )}
            {moving === visit.dueOn && <MoveVisitForm membershipId={membershipId} visit={visit} onDone={() => setMoving(null)} />}
          </li>
        );
      })}
    </ul>
  );
}
