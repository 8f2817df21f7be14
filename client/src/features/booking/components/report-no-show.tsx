import { CircleAlert } from 'lucide-react';
import type { Booking } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useReportNoShow } from '../api/report-no-show.ts';

/**
 * An overdue job, on the customer's side (decision 035): the detailer has not started an hour after the time. If
 * they never came, the customer reports it: the booking is cancelled and the card hold released in full.
 */
export function ReportNoShow({ booking }: { booking: Pick<Booking, 'id' | 'detailerBusinessName'> }) {
  const report = useReportNoShow();
  return (
    <Card className="grid gap-3 p-4" aria-labelledby="no-show-heading" role="region">
      <div className="flex gap-3">
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning-800" />
        <div className="grid min-w-0 gap-1 text-sm text-neutral-700">
          <h2 id="no-show-heading" className="text-base font-semibold text-neutral-900">
            Your job has not started
          </h2>
          <p>
            {booking.detailerBusinessName} has not started this job an hour after its time. If they did not come, report a no-show: the
            booking is cancelled and the hold on your card is released. You are not charged.
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        disabled={report.isPending}
        onClick={() =>
          report.mutate(booking.id, {
            onSuccess: () => toast({ title: 'No-show reported', description: 'Your booking is cancelled and you are not charged.' }),
            onError: (error) =>
              toast({
                title: 'Could not report the no-show',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      >
        Report no-show
      </Button>
    </Card>
  );
}
