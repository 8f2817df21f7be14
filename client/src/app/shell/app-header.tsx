import { lazy, Suspense } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { backTarget, headerTitle, showsBackButton } from '@core/domain/navigation.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { Button } from '@/components/ui/button.tsx';

// Only signed-in users have a bell, and its panel, prompt and live stream are heavy: they load after the page.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell.tsx').then((module) => ({ default: module.NotificationBell })),
);

export function AppHeader() {
  const [path] = useLocation();
  const { user } = useCurrentUser();
  const role = user?.role ?? null;
  // The layers, bottom to top: page content (z-10 at most), this header and the bottom nav (z-30; the unread badge
  // draws inside the header), popovers and dialogs (z-50), the open tour (z-60), toasts (z-100, below the header).
  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200 bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-[32rem] items-center gap-2 px-2">
        {showsBackButton(path, role) ? (
          <Button asChild variant="ghost" size="icon">
            <Link href={backTarget(path, role)} aria-label="Back">
              <ArrowLeft aria-hidden />
            </Link>
          </Button>
        ) : (
          <span className="w-2" aria-hidden />
        )}
        {/* The spec's header title; not a heading: each page has its own h1 under the header. */}
        <p data-testid="header-title" className="flex-1 truncate text-lg font-semibold text-neutral-900">
          {headerTitle(path)}
        </p>
        {user && (
          <Suspense fallback={<span className="size-11" aria-hidden />}>
            <NotificationBell userId={user.id} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
