import { useState } from 'react';
import { CalendarClock } from 'lucide-react';
import { weekdayNames } from '@core/domain/membership-visits.ts';
import { timeWindowLabels } from '@core/domain/time-windows.ts';
import type { VisitOptions, VisitRhythm } from '@core/schemas/membership-visits.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useVisitOptions, useVisitSchedule } from './api/get-visit-schedule.ts';
import { useClearVisitRhythm } from './api/visit-mutations.ts';
import { UpcomingVisits } from './upcoming-visits.tsx';
import { VisitRhythmForm } from './visit-rhythm-form.tsx';

function rhythmSummary(rhythm: VisitRhythm, options: VisitOptions | undefined): string {
  const detailer = options?.detailers.find((d) => d.id === rhythm.detailerId)?.businessName;
  const service = options?.services.find((s) => s.id === rhythm.serviceId)?.name;
  const when = `Every ${rhythm.everyWeeks} weeks on ${weekdayNames[rhythm.weekday]}, ${timeWindowLabels[rhythm.timeWindow].toLowerCase()}`;
  return [when, service, detailer && `with ${detailer}`].filter(Boolean).join(' · ');
}

/** The member's visit rhythm on My Subscription (★): set up, then upcoming visits with Skip and Move. */
export function VisitRhythmSection({ membershipId }: { membershipId: number }) {
  const schedule = useVisitSchedule(membershipId);
  const [isEditing, setIsEditing] = useState(false);
  const rhythm = schedule.data?.rhythm ?? null;
  const showForm = isEditing || (schedule.isSuccess && rhythm === null);
  const options = useVisitOptions(membershipId, { enabled: schedule.isSuccess });
  const clear = useClearVisitRhythm(membershipId);
  const headingId = `visit-rhythm-${membershipId}`;

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle id={headingId}>Visits that book themselves</CardTitle>
          <CardDescription>
            Choose a rhythm and we book each visit 7 days ahead with your detailer, covered by your plan. No card step.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 pb-4 sm:pb-6">
          {schedule.isPending && (
            <LoadingState label="Loading your visits">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-20 w-full" />
            </LoadingState>
          )}
          {schedule.isError && (
            <ErrorState
              title="Could not load your visits"
              message={errorMessage(schedule.error, 'Please try again.')}
              onRetry={() => void schedule.refetch()}
            />
          )}
          {schedule.isSuccess && (
            <>
              {rhythm && !showForm && (
                <div className="flex items-start gap-3 rounded-control bg-brand-50 p-3">
                  <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <p className="text-sm text-neutral-900">{rhythmSummary(rhythm, options.data)}</p>
                </div>
              )}
              {showForm && options.isPending && (
                <LoadingState label="Loading your choices">
                  <Skeleton className="h-11 w-full" />
                  <Skeleton className="h-11 w-full" />
                </LoadingState>
              )}
              {showForm && options.isError && <ErrorState title="Could not load your choices" onRetry={() => void options.refetch()} />}
              {showForm && options.isSuccess && (
                <VisitRhythmForm membershipId={membershipId} options={options.data} rhythm={rhythm} onDone={() => setIsEditing(false)} />
              )}
              {rhythm && !showForm && (
                <>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => setIsEditing(true)}>
                      Change rhythm
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={clear.isPending}
                      onClick={() =>
                        clear.mutate(undefined, {
                          onSuccess: () => toast({ title: 'Visit rhythm stopped', description: 'Visits already booked stay booked.' }),
                          onError: (error) =>
                            toast({
                              title: 'Could not stop the rhythm',
                              description: errorMessage(error, 'Please try again.'),
                              variant: 'destructive',
                            }),
                        })
                      }
                    >
                      Stop rhythm
                    </Button>
                  </div>
                  <h3 className="text-base font-semibold text-neutral-900">Upcoming visits</h3>
                  <UpcomingVisits membershipId={membershipId} visits={schedule.data.upcoming} />
                </>
              )}
            </>
          )}
        </CardContent>
      </section>
    </Card>
  );
}
