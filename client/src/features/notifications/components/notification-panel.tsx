import { useEffect, type ReactNode } from 'react';
import { BellOff, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { toast } from '@/lib/toast.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NotificationItem } from './notification-item.tsx';

export type NotificationPanelProps = {
  userId: number;
  onNavigate: () => void;
  /** Shown under the heading, e.g. the invitation to turn on device notifications. */
  banner?: ReactNode;
};

export function NotificationPanel({ userId, onNavigate, banner }: NotificationPanelProps) {
  const notifications = useNotifications(userId, true);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  useEffect(() => {
    if (notifications.isError) toast({ title: 'Failed to load notifications', variant: 'destructive' });
  }, [notifications.isError, notifications.errorUpdatedAt]);

  const list = notifications.data ?? [];
  const hasUnread = list.some((n) => !n.isRead);

  return (
    <section aria-labelledby="notification-panel-title" className="flex max-h-[500px] flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-neutral-200 px-4 py-2">
        <h2 id="notification-panel-title" className="text-base font-semibold text-neutral-900">
          Notifications
        </h2>
        {hasUnread && (
          <Button variant="ghost" size="sm" className="min-h-11 text-brand-700" onClick={() => markAllRead.mutate()}>
            Mark all as read
          </Button>
        )}
      </header>
      {banner}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {notifications.isPending ? (
          <div role="status" className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-neutral-600">
            <span
              aria-hidden="true"
              className="size-4 animate-spinner rounded-full border-2 border-current border-r-transparent text-brand-600"
            />
            Loading notifications...
          </div>
        ) : notifications.isError ? (
          <ErrorState
            className="py-8"
            title="Failed to load notifications"
            message="Check your connection and try again."
            onRetry={() => void notifications.refetch()}
          />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
            <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <BellOff className="size-6" />
            </span>
            <p className="text-sm font-medium text-neutral-700">No notifications yet</p>
          </div>
        ) : (
          <ul aria-label="Notifications list">
            {list.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onMarkRead={(id) => markRead.mutate(id)}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        )}
      </div>
      <footer className="border-t border-neutral-200 px-2 py-1">
        <Link
          href="/notification-settings"
          onClick={onNavigate}
          className="flex min-h-11 items-center gap-2 rounded-control px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Settings aria-hidden="true" className="size-4" />
          Notification settings
        </Link>
      </footer>
    </section>
  );
}
