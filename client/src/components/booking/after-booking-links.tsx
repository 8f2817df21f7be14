import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';

/** The two ways out once a booking is made or paid: to the bookings, or home. */
export function AfterBookingLinks() {
  return (
    <div className="grid gap-3">
      <Button asChild size="lg">
        <Link href="/bookings">View My Bookings</Link>
      </Button>
      <Button asChild size="lg" variant="secondary">
        <Link href="/">Return to Home</Link>
      </Button>
    </div>
  );
}
