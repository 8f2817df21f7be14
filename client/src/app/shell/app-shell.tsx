import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { hidesBottomNav, roleRedirect } from '@core/domain/navigation.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { OfflineBanner } from '@/components/offline-banner.tsx';
import { AppErrorBoundary } from '../app-error-boundary.tsx';

// Only detailers send positions: the sender loads for them alone, after the page.
const TripLocationSender = lazy(() =>
  import('@/features/tracking/components/trip-location-sender.tsx').then((module) => ({ default: module.TripLocationSender })),
);

export function AppShell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const { user } = useCurrentUser();
  // A detailer opening '/' (the customers' booking home) goes to their job dashboard, their Home.
  const redirect = user ? roleRedirect(user.role, path) : null;
  return (
    <div className="min-h-dvh bg-canvas">
      <OfflineBanner />
      <AppHeader />
      <main className={hidesBottomNav(path) ? 'pb-8' : 'pb-24'}>
        <div className="mx-auto w-full max-w-[32rem]">
          {/* On my way shares the detailer's location from whichever screen they are on (issue 37). */}
          {user?.role === 'detailer' && path !== '/detailer/location-sharing' && (
            <Suspense fallback={null}>
              <TripLocationSender />
            </Suspense>
          )}
          {redirect ? <Redirect to={redirect} replace /> : <AppErrorBoundary>{children}</AppErrorBoundary>}
        </div>
      </main>
      <BottomNav />
    </div>
  );
}
