import { Link } from 'wouter';
import { notificationLink } from '@core/domain/notification-links.ts';
import type { Notification } from '@core/schemas/notification.ts';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { relativeAge } from './relative-age.ts';

export type NotificationItemProps = {
  notification: Notification;
  onMarkRead: (id: number) => void;
  /** Called after the item's link is followed, so the panel can close. */
  onNavigate: () => void;
};

export function NotificationItem({ notification, onMarkRead, onNavigate }: NotificationItemProps) {
  const href = notificationLink(notification);
  const isUnread = !notification.isRead;
  const markRead = () => {
    if (isUnread) onMarkRead(notification.id);
  };
  const body = (
    <>
      <span className="flex items-start gap-2">
        {isUnread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />}
        <span className={cn('text-sm text-neutral-900', isUnread ? 'font-semibold' : 'font-medium')}>
          {notification.title}
          {isUnread && <span className="sr-only"> (unread)</span>}
        </span>
      </span>
      <span className="mt-0.5 block text-sm text-neutral-600">{notification.message}</span>
    </>
  );
  const area = 'block w-full rounded-control px-2 py-1.5 text-left focus-visible:outline-2 focus-visible:outline-brand-600';

  return (
    <li className={cn('border-b border-neutral-100 px-2 pt-2 pb-1 last:border-b-0', isUnread && 'bg-brand-50/60')}>
      {href ? (
        <Link
          href={href}
          className={cn(area, 'hover:bg-neutral-100')}
          onClick={() => {
            markRead();
            onNavigate();
          }}
        >
          {body}
        </Link>
      ) : isUnread ? (
        <button type="button" className={cn(area, 'hover:bg-neutral-100')} onClick={markRead}>
          {body}
        </button>
      ) : (
        <div className={area}>{body}</div>
      )}
      <div className="flex min-h-8 items-center justify-between gap-2 pl-2">
        <time dateTime={notification.createdAt} className="text-xs text-neutral-500">
          {relativeAge(notification.createdAt)}
        </time>
        {isUnread && (
          <Button variant="ghost" size="sm" className="-my-1.5 min-h-11 text-brand-700" onClick={markRead}>
            Mark as read
          </Button>
        )}
      </div>
    </li>
  );
}
