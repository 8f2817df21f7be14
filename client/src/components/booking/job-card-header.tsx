import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { bookingStatusLabel, statusIn, waitingOnDetailerStatuses } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Badge } from '@/components/ui/badge.tsx';

type JobCardHeaderProps = {
  job: Pick<Booking, 'id' | 'serviceName' | 'status'>;
  /** The line under the service's name (its time, or its price). */
  children: ReactNode;
};

/** The top of a detailer's job card: the service, linking to the job, and its status, a warning when it waits on the detailer. */
export function JobCardHeader({ job, children }: JobCardHeaderProps) {
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <h3 className="truncate font-semibold text-neutral-900">
          <Link href={`/bookings/${job.id}`} className="hover:underline">
            {job.serviceName}
          </Link>
        </h3>
        {children}
      </div>
      <Badge variant={statusIn(waitingOnDetailerStatuses, job.status) ? 'warning' : 'brand'}>{bookingStatusLabel(job.status)}</Badge>
    </div>
  );
}
