import type { Booking } from '@core/schemas/booking.ts';
import { lazyDialog } from '@/components/ui/lazy-dialog.tsx';

export interface CustomerAbsentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking: Booking;
  isPending: boolean;
  onConfirm: () => void;
}

/**
 * Customer absent, confirmed first (decision 035): it charges the customer's card the late-cancellation fee and
 * cannot be undone. Loads when first opened, like Decline's (decision 027).
 */
export const CustomerAbsentDialog = lazyDialog<CustomerAbsentDialogProps>(() => import('./customer-absent-dialog-content.tsx'));
