import { lazy } from 'react';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { DetailerDashboard } from '@/features/dashboard/components/detailer-dashboard.tsx';
import { useOnboarding } from '@/features/onboarding/api/get-onboarding.ts';

// Admins have no business of their own: on the detailer's home they see every job, as before.
const DetailerBookingsPage = lazy(() => import('@/features/detailer/pages/detailer-bookings-page.tsx'));
// The setup (its business form and the form library) is a new detailer's alone: an approved one's dashboard does not
// load it (decision 053).
const SetupScreen = lazy(() =>
  import('@/features/onboarding/components/setup-screen.tsx').then((module) => ({ default: module.SetupScreen })),
);

/**
 * /detailer and /detailer/dashboard (decision 021): the setup while an admin has not approved the business, then the
 * dashboard. The app composes the two features; neither knows the other.
 */
export default function DetailerHomePage() {
  const { user } = useCurrentUser();
  if (user?.role === 'admin') return <DetailerBookingsPage />;
  return <DetailerHome />;
}

function DetailerHome() {
  const onboarding = useOnboarding();
  if (onboarding.isPending) {
    return (
      <LoadingState label="Loading your business" className="p-4">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </LoadingState>
    );
  }
  if (onboarding.isError) return <ErrorState message="We couldn't load your business." onRetry={() => onboarding.refetch()} />;
  if (!onboarding.data.approved) return <SetupScreen onboarding={onboarding.data} />;
  return <DetailerDashboard />;
}
