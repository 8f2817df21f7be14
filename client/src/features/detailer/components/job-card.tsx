import { Camera, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { notArrivedStatuses, statusIn, tripStatuses } from '@core/domain/booking-status.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { BookingFacts } from '@/components/booking/booking-facts.tsx';
import { JobCardHeader } from '@/components/booking/job-card-header.tsx';
import { JobCardMoves } from '@/components/booking/job-card-moves.tsx';
import { jobPlaceLine, NavigateLink } from '@/components/booking/navigate-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { formatShortDate } from '@/lib/calendar-dates.ts';

/**
 * One job with the buttons its status allows the detailer (from the server's allowedActions): whose car it is, when,
 * where, which car, and the customer's access notes, everything the detailer needs to find it.
 */
export function JobCard({ job }: { job: Booking }) {
  const when = `${formatShortDate(job.date)} ${job.time}`;
  return (
    <Card className="grid grid-cols-1 gap-3 p-4">
      <JobCardHeader job={job}>
        <p className="text-sm text-neutral-600">{formatUsd(job.totalCents)}</p>
      </JobCardHeader>
      <p className="flex gap-2 text-sm font-medium text-neutral-900">
        <UserRound aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <span className="sr-only">Customer: </span>
        {job.customerName}
      </p>
      <BookingFacts className="gap-1.5" when={`${formatShortDate(job.date)} · ${job.time}`} {...job} />
      {job.accessNotes && (
        <p className="rounded-control bg-neutral-50 p-3 text-sm whitespace-pre-line text-neutral-700">
          <span className="font-medium text-neutral-900">Access notes: </span>
          {job.accessNotes}
        </p>
      )}
      {job.notes && (
        <p className="rounded-control bg-neutral-50 p-3 text-sm text-neutral-700">
          <span className="font-medium text-neutral-900">Notes: </span>
          {job.notes}
        </p>
      )}
      {statusIn(notArrivedStatuses, job.status) && (
        <NavigateLink address={jobPlaceLine(job)} accessibleName={`Navigate: ${job.serviceName}, ${when}`} />
      )}
      {statusIn(tripStatuses, job.status) && (
        // Proof of service (photos, checklist) is taken on the job's own screen; Complete below waits for it.
        <Button asChild variant="secondary">
          <Link href={`/job-progress/${job.id}`} aria-label={`Photos and checklist: ${job.serviceName}, ${when}`}>
            <Camera aria-hidden />
            Photos and checklist
          </Link>
        </Button>
      )}
      <JobCardMoves job={job} when={when} />
    </Card>
  );
}
