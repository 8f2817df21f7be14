/** Spec section 9: the badge reads '99+' above 99. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The bell's accessible name: it holds the count the badge shows (WCAG 2.5.3, label in name), so a voice user who
 * says what they see reaches it, and a screen reader hears how many are unread.
 */
export function notificationBellName(count: number): string {
  return count > 0 ? `Notifications, ${unreadBadgeText(count)} unread` : 'Notifications';
}

/** The count on the bell; nothing when there is nothing unread. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-surface"
    >
      {unreadBadgeText(count)}
    </span>
  );
}
