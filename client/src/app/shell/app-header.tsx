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
  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200 bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-[32rem] items-center gap-2 px-2">
        {showsBackButton(path) ? (
          <Button asChild variant="ghost" size="icon">
            <Link href={backTarget(path)} aria-label="Back">
              <ArrowLeft aria-hidden />
            </Link>
          </Button>
        ) : (
          <span className="w-2" aria-hidden />
        )}
        <h1 className="flex-1 truncate text-lg font-semibold text-neutral-900">{headerTitle(path)}</h1>
        {user && (
          <Suspense fallback={<span className="size-11" aria-hidden />}>
            <NotificationBell userId={user.id} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
