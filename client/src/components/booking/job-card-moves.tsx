import type { Booking } from '@core/schemas/booking.ts';
import { MessageButton } from '@/components/messages/message-button.tsx';
import { DetailerActionButtons } from './detailer-action-buttons.tsx';

/**
 * The bottom of a detailer's job card: the moves the server allows, then a message to the customer. Each button's
 * name carries the job and `when` ('Mon, Nov 23 10:00 AM'), so a list of cards reads apart.
 */
export function JobCardMoves({ job, when }: { job: Booking; when: string }) {
  return (
    <>
      <DetailerActionButtons
        booking={job}
        className="auto-cols-fr grid-flow-col"
        accessibleName={(label) => `${label}: ${job.serviceName}, ${when}`}
      />
      <MessageButton
        bookingId={job.id}
        label="Message customer"
        aria-label={`Message customer: ${job.customerName}, ${job.serviceName}, ${when}`}
      />
    </>
  );
}
