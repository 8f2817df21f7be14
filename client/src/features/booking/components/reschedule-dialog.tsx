import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dateInZone, type TimeSlotLabel } from '@core/domain/time-slots.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { availabilityQueryKey, useAvailability } from '../api/get-availability.ts';
import { useRescheduleBooking } from '../api/reschedule-booking.ts';
import { useClosedDays } from '../api/get-closed-days.ts';
import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import { addDays, formatLongDate } from '@/lib/calendar-dates.ts';
import { DayCalendar } from './day-calendar.tsx';
import { TimeSlotPicker } from './time-slot-picker.tsx';

/** Reschedule to another free slot, with the same calendar and slot picker as step 2 of the booking flow. */
export function RescheduleDialog({ booking }: { booking: Booking }) {
  const [isOpen, setIsOpen] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<TimeSlotLabel | null>(null);
  const queryClient = useQueryClient();
  const reschedule = useRescheduleBooking();
  // At the booking's own place: the times offered are the ones the server accepts for it (drive times included).
  const availability = useAvailability(
    isOpen && date ? { detailerId: booking.detailerId, date, serviceId: booking.serviceId, zip: booking.zip } : null,
  );
  const closedDays = useClosedDays(booking.detailerId, booking.serviceId, isOpen);
  const slots = availability.isPlaceholderData ? undefined : availability.data?.slots;
  const today = dateInZone(new Date(), booking.timeZone);

  function confirm() {
    if (!date || !time) return;
    reschedule.mutate(
      { bookingId: booking.id, date, time },
      {
        onSuccess: () => {
          setIsOpen(false);
          toast({ title: 'Booking rescheduled', description: `${formatLongDate(date)} at ${time}` });
        },
        onError: (error) => {
          toast({ title: 'Could not reschedule', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
          if (error instanceof ApiError && error.status === 409) {
            setTime(null);
            void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(booking.detailerId) });
          }
        },
      },
    );
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open) {
          setDate(null);
          setTime(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">Reschedule</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Reschedule</DialogTitle>
        <DialogDescription>
          Now {formatLongDate(booking.date)} at {booking.time}. Choose a new day and time.
        </DialogDescription>
        <div className="mt-4 grid gap-4">
          <DayCalendar
            value={date}
            minDate={today}
            maxDate={addDays(today, bookingHorizonDays)}
            closedDates={closedDays.data?.closedDates}
            onChange={(next) => {
              setDate(next);
              setTime(null);
            }}
          />
          <h3 id="reschedule-slots-heading" className="font-semibold text-neutral-900">
            Available Time Slots
          </h3>
          {date ? (
            <TimeSlotPicker slots={slots} isLoading={!slots} value={time} onChange={setTime} labelledBy="reschedule-slots-heading" />
          ) : (
            <p className="text-sm text-neutral-600">Choose a date first.</p>
          )}
          <Button size="lg" disabled={!date || !time || reschedule.isPending} onClick={confirm}>
            {reschedule.isPending ? 'Saving...' : 'Confirm new time'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
