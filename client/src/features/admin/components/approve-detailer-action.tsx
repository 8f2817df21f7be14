import type { AdminUser } from '@core/schemas/admin.ts';
import { onboardingStepKeys } from '@core/schemas/onboarding.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useApproveDetailer } from '../api/approve-detailer.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';

/** 'Approve' on a detailer pending approval (decision 021): confirmed first; the server refuses an unfinished setup. */
export function ApproveDetailerAction({ user, detailerId }: { user: AdminUser; detailerId: number }) {
  const approve = useApproveDetailer();
  const total = onboardingStepKeys.length;
  const isSetUp = user.onboardingStepsDone === total;
  return (
    <ConfirmActionDialog
      triggerLabel="Approve"
      triggerAriaLabel={`Approve ${user.name}`}
      triggerVariant="primary"
      title={`Approve ${user.name}?`}
      description={
        isSetUp
          ? 'Their business is listed to customers at once, and they can take bookings.'
          : `They have done ${user.onboardingStepsDone ?? 0} of ${total} setup steps. A business is listed only once every step is done.`
      }
      confirmLabel="Approve"
      pendingLabel="Approving..."
      isPending={approve.isPending}
      onConfirm={async () => {
        try {
          await approve.mutateAsync(detailerId);
          toast({ title: 'Detailer approved', description: `${user.name} (@${user.username}) is now listed.` });
          return true;
        } catch (error) {
          toast({ title: 'Could not approve the detailer', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
          return false;
        }
      }}
    />
  );
}
