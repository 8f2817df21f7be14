import { Camera } from 'lucide-react';
import { Link } from 'wouter';
import { supportSenderName, type ConversationSummary } from '@core/schemas/message.ts';
import { conversationHref } from '@/components/messages/api/open-conversation.ts';
import { cn } from '@/lib/cn.ts';
import { formatBookingDate, formatListTime } from '../lib/message-dates.ts';
import { PartyAvatar } from './party-avatar.tsx';

/** What a thread is about: the booking's service and date, or Support. */
export const conversationTopic = (conversation: Pick<ConversationSummary, 'booking'>) =>
  conversation.booking ? `${conversation.booking.serviceName} · ${formatBookingDate(conversation.booking.startsAt)}` : 'Support';

function Preview({ conversation, myUserId }: { conversation: ConversationSummary; myUserId: number | undefined }) {
  const last = conversation.lastMessage;
  if (!last) return <span className="text-neutral-500 italic">No messages yet</span>;
  const prefix = last.senderUserId === myUserId ? 'You: ' : '';
  if (!last.body && last.hasPhoto) {
    return (
      <span className="inline-flex items-center gap-1">
        {prefix}
        <Camera aria-hidden className="size-4" />
        Photo
      </span>
    );
  }
  return (
    <>
      {prefix}
      {last.body}
    </>
  );
}

/** One thread in /messages: who, about what, the last message and its time, how many are unread. */
export function ConversationListItem({ conversation, myUserId }: { conversation: ConversationSummary; myUserId: number | undefined }) {
  const { otherParty, unreadCount } = conversation;
  const isUnread = unreadCount > 0;
  const at = conversation.lastMessage?.createdAt ?? conversation.lastMessageAt;
  return (
    <Link
      href={conversationHref(conversation.id)}
      data-testid={`conversation-${conversation.id}`}
      className="flex items-center gap-3 rounded-card bg-surface p-3 shadow-card transition-colors duration-150 hover:bg-neutral-50"
    >
      <PartyAvatar name={otherParty.name} avatarUrl={otherParty.avatarUrl} isSupport={otherParty.name === supportSenderName} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className={cn('truncate text-base text-neutral-900', isUnread ? 'font-bold' : 'font-semibold')}>{otherParty.name}</h2>
          {at && (
            <time dateTime={at} className={cn('shrink-0 text-xs', isUnread ? 'font-semibold text-brand-700' : 'text-neutral-600')}>
              {formatListTime(at)}
            </time>
          )}
        </div>
        <p className="truncate text-xs text-neutral-600">{conversationTopic(conversation)}</p>
        <div className="mt-0.5 flex items-center justify-between gap-2">
          <p className={cn('truncate text-sm', isUnread ? 'font-medium text-neutral-900' : 'text-neutral-600')}>
            <Preview conversation={conversation} myUserId={myUserId} />
          </p>
          {isUnread && (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white">
              {unreadCount > 99 ? '99+' : unreadCount}
              <span className="sr-only">{unreadCount === 1 ? ' unread message' : ' unread messages'}</span>
            </span>
          )}
        </div>
      </div>
    </Link>
  );
}
