import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { backTarget, headerTitle, showsBackButton } from '@core/domain/navigation.ts';
import { useCurrentUser } from '@/features/auth/api/get-current-user.ts';
import { Button } from '@/components/ui/button.tsx';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';

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
        {user && <NotificationBell userId={user.id} />}
      </div>
    </header>
  );
}
