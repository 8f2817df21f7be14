import { CalendarOff } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export interface RebookUnavailableProps {
  detailerId: number;
  businessName: string;
  serviceName: string;
}

/** 'Book again' for a service that is paused, archived or no longer offered: say so, and lead to what the detailer offers now. */
export function RebookUnavailable({ detailerId, businessName, serviceName }: RebookUnavailableProps) {
  return (
    <EmptyState
      icon={<CalendarOff />}
      title={`${serviceName} can't be booked right now`}
      description={`${businessName} isn't taking bookings for this service at the moment. See what they offer today.`}
      action={
        <Button asChild>
          <Link href={`/detailers/${detailerId}`}>See {businessName}</Link>
        </Button>
      }
    />
  );
}
