import type { Booking } from '@core/schemas/booking.ts';
import { lazyDialog } from '@/components/ui/lazy-dialog.tsx';

export interface DeclineRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking: Booking;
  isPending: boolean;
  onDecline: () => void;
}

/**
 * Decline, confirmed first: it cannot be undone and it sits next to Accept, so one slip of a thumb must not turn a
 * customer away. Loads when first opened, off the dashboard's start (decision 027).
 */
export const DeclineRequestDialog = lazyDialog<DeclineRequestDialogProps>(() => import('./decline-request-dialog-content.tsx'));
