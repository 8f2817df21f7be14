import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useInstantBooking, useUpdateInstantBooking } from '../api/instant-booking.ts';

/**
 * 'Instant booking' on /detailer/availability (decision 035): on, the times customers are offered are a promise and
 * a paid booking is accepted at once; off, each booking is a request to accept or decline. Saved when switched.
 */
export function InstantBookingSection() {
  const setting = useInstantBooking();
  const save = useUpdateInstantBooking();
  return (
    <section aria-labelledby="instant-booking-heading" className="grid gap-3">
      <h2 id="instant-booking-heading" className="text-lg font-semibold text-neutral-900">
        Instant booking
      </h2>
      {setting.isPending ? (
        <Skeleton className="h-16" />
      ) : setting.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {errorMessage(setting.error, "We couldn't load your instant booking setting.")}
        </p>
      ) : (
        <div className="flex items-start justify-between gap-3 rounded-card bg-surface p-4 shadow-card">
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="instant-booking" className="text-base">
              Accept bookings instantly
            </Label>
            <p id="instant-booking-help" className="text-sm text-neutral-600">
              {setting.data.instantBooking
                ? 'Customers who pay for one of your open times are booked at once: keep your hours up to date.'
                : 'Each booking is a request you accept or decline. Unanswered requests expire and the customer is not charged.'}
            </p>
          </div>
          <Switch
            id="instant-booking"
            aria-describedby="instant-booking-help"
            checked={setting.data.instantBooking}
            disabled={save.isPending}
            onCheckedChange={(instantBooking) =>
              save.mutate(
                { instantBooking },
                {
                  onSuccess: (saved) =>
                    toast({
                      title: saved.instantBooking ? 'Instant booking on' : 'Instant booking off',
                      description: saved.instantBooking ? 'New paid bookings are accepted at once.' : 'New bookings wait for your answer.',
                    }),
                  onError: (error) =>
                    toast({ title: 'Could not save', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                },
              )
            }
          />
        </div>
      )}
    </section>
  );
}
