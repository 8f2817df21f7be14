import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { formatShortDate } from '@/lib/calendar-dates.ts';
import type { DeclineRequestDialogProps } from './decline-request-dialog.tsx';

export default function DeclineRequestDialogContent({ open, onOpenChange, booking, isPending, onDecline }: DeclineRequestDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Decline this request?</DialogTitle>
        <DialogDescription>
          {booking.customerName}&apos;s {booking.serviceName} on {formatShortDate(booking.date)} at {booking.time}. They are told at once
          and their card is not charged. This can&apos;t be undone.
        </DialogDescription>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
            Keep request
          </Button>
          <Button variant="destructive" onClick={onDecline} disabled={isPending}>
            {isPending ? 'Declining...' : 'Decline request'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
