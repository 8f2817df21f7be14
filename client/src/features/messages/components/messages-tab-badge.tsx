/** The id of the tab's spoken count, for the Messages link's aria-describedby. */
export const messagesTabCountId = 'messages-unread-count';

/** The bottom nav's Messages count (live: its query declares the 'conversation' topic). Nothing at zero. */
export function MessagesTabBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        data-testid="messages-unread-badge"
        aria-hidden="true"
        className="absolute top-1 left-1/2 ml-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-surface"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span id={messagesTabCountId} className="sr-only">
        {count === 1 ? '1 unread message' : `${count} unread messages`}
      </span>
    </>
  );
}
