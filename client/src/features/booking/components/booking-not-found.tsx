import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';

/** A missing (or someone else's) booking is not a glitch to retry: say so and lead back to the list. */
export function BookingNotFound() {
  return (
    <EmptyState
      icon={<SearchX />}
      title="Booking not found"
      description="This booking may have been removed, or the link is wrong."
      action={
        <Button asChild>
          <Link href="/bookings">Back to My Bookings</Link>
        </Button>
      }
    />
  );
}
