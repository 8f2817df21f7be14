import { Car, Clock, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { notArrivedStatuses, statusIn } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { JobCardHeader } from '@/components/booking/job-card-header.tsx';
import { JobCardMoves } from '@/components/booking/job-card-moves.tsx';
import { jobPlaceLine, NavigateLink } from '@/components/booking/navigate-link.tsx';
import { Card } from '@/components/ui/card.tsx';
import { formatShortDate } from '@/lib/calendar-dates.ts';

/** The car as the detailer looks for it at the curb: the saved car's colour, make and model, else the type. */
function carText(job: Booking): string {
  const car = job.vehicleDetails;
  if (!car) return job.vehicleType;
  const name = [car.color, car.year, car.make, car.model].filter(Boolean).join(' ');
  return car.licensePlate ? `${name} · ${car.licensePlate}` : name || job.vehicleType;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <span aria-hidden className="mt-0.5 shrink-0 text-brand-600 [&_svg]:size-4">
        {icon}
      </span>
      <span>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </li>
  );
}

type DashboardJobCardProps = {
  job: Booking;
  /** Shown for a job on another day than today (a request for next week). */
  showDate?: boolean;
  /** A line above the buttons, such as the time left to answer. */
  notice?: ReactNode;
};

/**
 * One job on the dashboard: when, who, where and which car, then the one move it waits for (the server's
 * allowedActions, through the shared buttons) and a message to the customer.
 */
export function DashboardJobCard({ job, showDate = false, notice }: DashboardJobCardProps) {
  const when = `${formatShortDate(job.date)} ${job.time}`;
  return (
    <Card className="grid gap-3 p-4">
      <JobCardHeader job={job}>
        <p className="flex items-center gap-1.5 text-sm font-medium text-neutral-700">
          <Clock aria-hidden className="size-4 text-brand-600" />
          {showDate ? when : job.time}
        </p>
      </JobCardHeader>
      <ul className="grid gap-1.5 text-sm text-neutral-700">
        <Fact icon={<UserRound />} label="Customer">
          <span className="font-medium text-neutral-900">{job.customerName}</span>
        </Fact>
        <Fact icon={<MapPin />} label="Address">
          {jobPlaceLine(job)}
        </Fact>
        <Fact icon={<Car />} label="Car">
          {carText(job)}
        </Fact>
      </ul>
      {notice}
      {statusIn(notArrivedStatuses, job.status) && (
        <NavigateLink address={jobPlaceLine(job)} accessibleName={`Navigate: ${job.serviceName}, ${when}`} />
      )}
      <JobCardMoves job={job} when={when} />
    </Card>
  );
}
