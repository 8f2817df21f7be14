import { CountBadge, unreadBadgeText } from '@/components/ui/count-badge.tsx';

/**
 * The bell's accessible name: it holds the count the badge shows (WCAG 2.5.3, label in name), so a voice user who
 * says what they see reaches it, and a screen reader hears how many are unread.
 */
export function notificationBellName(count: number): string {
  return count > 0 ? `Notifications, ${unreadBadgeText(count)} unread` : 'Notifications';
}

/** The count on the bell; nothing when there is nothing unread. */
export function UnreadBadge({ count }: { count: number }) {
  return <CountBadge data-testid="unread-badge" count={count} className="-top-0.5 -right-0.5" />;
}
