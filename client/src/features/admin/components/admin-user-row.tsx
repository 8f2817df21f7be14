import type { AdminUser } from '@core/schemas/admin.ts';
import { onboardingStepKeys } from '@core/schemas/onboarding.ts';
import type { AdminUpdateUserInput } from '@core/schemas/auth.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton, SkeletonCardList } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdateAdminUser } from '../api/update-admin-user.ts';
import { ApproveDetailerAction } from './approve-detailer-action.tsx';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';
import { UserRoleBadge } from './user-role-badge.tsx';

const joinedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * One account in /admin/users with the actions that make sense for it; none on your own account. Each button's name
 * starts with its visible words and adds whose account it is (WCAG 2.5.3, label in name).
 */
export function AdminUserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const update = useUpdateAdminUser();

  async function apply(input: AdminUpdateUserInput, success: string, failure: string) {
    try {
      await update.mutateAsync({ userId: user.id, ...input });
      toast({ title: success, description: `${user.name} (@${user.username})` });
      return true;
    } catch (error) {
      toast({ title: failure, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      return false;
    }
  }

  return (
    <Card className="grid gap-3 p-4" data-testid={`user-${user.id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <p className="truncate font-semibold text-neutral-900">
            {user.name}
            {isSelf && <span className="font-normal text-neutral-600"> (you)</span>}
          </p>
          <p className="truncate text-sm text-neutral-600">@{user.username}</p>
          <p className="truncate text-sm text-neutral-600">{user.email}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <UserRoleBadge role={user.role} />
          {user.isDisabled && <Badge variant="danger">Disabled</Badge>}
          {user.pendingApproval && <Badge variant="warning">Pending approval</Badge>}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-neutral-600">
          Joined {joinedFormat.format(new Date(user.createdAt))}
          {user.onboardingStepsDone !== null && ` · Setup ${user.onboardingStepsDone} of ${onboardingStepKeys.length} done`}
        </p>
        {!isSelf && (
          <div className="flex flex-wrap gap-2">
            {user.pendingApproval && user.detailerId !== null && <ApproveDetailerAction user={user} detailerId={user.detailerId} />}
            {user.role === 'customer' && (
              <ConfirmActionDialog
                triggerLabel="Make admin"
                triggerAriaLabel={`Make admin: ${user.name}`}
                title={`Make ${user.name} an admin?`}
                description="Admins can manage every account, booking and refund on Glossly."
                confirmLabel="Make admin"
                pendingLabel="Saving..."
                isPending={update.isPending}
                onConfirm={() => apply({ role: 'admin' }, 'User is now an admin', 'Could not change the role')}
              />
            )}
            {user.role === 'admin' && (
              <ConfirmActionDialog
                triggerLabel="Make customer"
                triggerAriaLabel={`Make customer: ${user.name}`}
                title={`Make ${user.name} a customer?`}
                description="They lose access to the admin area at once."
                confirmLabel="Make customer"
                pendingLabel="Saving..."
                isPending={update.isPending}
                onConfirm={() => apply({ role: 'customer' }, 'User is now a customer', 'Could not change the role')}
              />
            )}
            {user.isDisabled ? (
              <ConfirmActionDialog
                triggerLabel="Enable"
                triggerAriaLabel={`Enable ${user.name}`}
                title={`Enable ${user.name}?`}
                description="They can sign in again."
                confirmLabel="Enable"
                pendingLabel="Enabling..."
                isPending={update.isPending}
                onConfirm={() => apply({ isDisabled: false }, 'User enabled', 'Could not enable the user')}
              />
            ) : (
              <ConfirmActionDialog
                triggerLabel="Disable"
                triggerAriaLabel={`Disable ${user.name}`}
                triggerVariant="secondary"
                title={`Disable ${user.name}?`}
                description="They are signed out everywhere at once and cannot sign in until an admin enables the account again."
                confirmLabel="Disable"
                pendingLabel="Disabling..."
                confirmVariant="destructive"
                isPending={update.isPending}
                onConfirm={() => apply({ isDisabled: true }, 'User disabled', 'Could not disable the user')}
              />
            )}
          </div>
        )}
      </div>
    </Card>
  );
}

export function AdminUserListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <SkeletonCardList count={count}>
      <div className="flex justify-between">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-4 w-52" />
      <div className="flex justify-end gap-2">
        <Skeleton className="h-9 w-24" />
        <Skeleton className="h-9 w-20" />
      </div>
    </SkeletonCardList>
  );
}
