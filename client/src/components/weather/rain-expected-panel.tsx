import { useState } from 'react';
import { CloudRain, CloudSnow } from 'lucide-react';
import type { Booking } from '@core/schemas/booking.ts';
import type { DrySlot } from '@core/schemas/weather.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatLongDate } from '@/lib/calendar-dates.ts';
import { toast } from '@/lib/toast.ts';
import { useBookingWeather, useWeatherReschedule } from './api/get-booking-weather.ts';

/** 'Keep booking' is remembered per booking and start: a later forecast for a new time shows the panel again. */
const keptKey = (booking: Booking) => `rain-kept:${booking.id}:${booking.date}:${booking.time}`;

function wasKept(booking: Booking) {
  try {
    return localStorage.getItem(keptKey(booking)) === '1';
  } catch {
    return false;
  }
}

/**
 * The 'Rain expected' panel of an accepted exterior booking whose forecast turned wet (issue 20): the customer
 * gets the three nearest dry slots of the same detailer, each moved to with one tap (free, whatever the
 * cancellation window), or keeps the booking; the detailer sees that the customer may move it.
 */
export function RainExpectedPanel({ booking, isCustomer }: { booking: Booking; isCustomer: boolean }) {
  const weather = useBookingWeather(booking.id, booking.status === 'accepted');
  const reschedule = useWeatherReschedule();
  const [kept, setKept] = useState(() => wasKept(booking));
  const [moving, setMoving] = useState<string | null>(null);

  if (!weather.data?.rainExpected || (isCustomer && kept)) return null;
  const { condition, precipitationChance, drySlots } = weather.data;
  const Icon = condition === 'snow' ? CloudSnow : CloudRain;
  const word = condition === 'snow' ? 'Snow' : 'Rain';

  function move(slot: DrySlot) {
    setMoving(slot.startsAt);
    reschedule.mutate(
      { bookingId: booking.id, startsAt: slot.startsAt },
      {
        onSuccess: () => toast({ title: 'Booking rescheduled', description: `${formatLongDate(slot.date)} at ${slot.time}` }),
        onError: (error) =>
          toast({ title: 'Could not reschedule', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
        onSettled: () => setMoving(null),
      },
    );
  }

  function keep() {
    try {
      localStorage.setItem(keptKey(booking), '1');
    } catch {
      // Private mode: kept for this visit only.
    }
    setKept(true);
  }

  return (
    <section aria-labelledby="rain-expected-heading">
      <Card className="grid gap-3 border border-warning-500 bg-warning-50 p-4">
        <div className="flex items-start gap-3">
          <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-warning-800" />
          <div className="grid gap-1">
            <h2 id="rain-expected-heading" className="text-base font-semibold text-neutral-900">
              Rain expected
            </h2>
            <p className="text-sm text-neutral-700">
              {word} is likely ({precipitationChance}% chance) at this booking's time.{' '}
              {isCustomer ? 'Move it to a dry time for free, or keep your booking.' : 'The customer may move it to a dry time.'}
            </p>
          </div>
        </div>
        {isCustomer && (
          <>
            {drySlots.length === 0 ? (
              <p className="text-sm text-neutral-700">
                No dry times are free in the next two weeks. Keep your booking or message your detailer.
              </p>
            ) : (
              <ul className="grid gap-2" aria-label="Dry times">
                {drySlots.map((slot) => (
                  <li key={slot.startsAt} className="flex items-center justify-between gap-3 rounded-control bg-white p-3">
                    <span className="text-sm font-medium text-neutral-900">
                      {formatLongDate(slot.date)} at {slot.time}
                    </span>
                    <Button
                      size="sm"
                      onClick={() => move(slot)}
                      disabled={reschedule.isPending}
                      aria-label={`Reschedule to ${formatLongDate(slot.date)} at ${slot.time}`}
                    >
                      {moving === slot.startsAt ? 'Moving...' : 'Reschedule'}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <Button variant="secondary" onClick={keep} disabled={reschedule.isPending}>
              Keep booking
            </Button>
          </>
        )}
      </Card>
    </section>
  );
}
