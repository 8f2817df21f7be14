import { CountBadge } from '@/components/ui/count-badge.tsx';

/** The id of the tab's spoken count, for the Messages link's aria-describedby. */
export const messagesTabCountId = 'messages-unread-count';

/** The bottom nav's Messages count (live: its query declares the 'conversation' topic). Nothing at zero. */
export function MessagesTabBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <CountBadge data-testid="messages-unread-badge" count={count} className="top-1 left-1/2 ml-1" />
      <span id={messagesTabCountId} className="sr-only">
        {count === 1 ? '1 unread message' : `${count} unread messages`}
      </span>
    </>
  );
}
