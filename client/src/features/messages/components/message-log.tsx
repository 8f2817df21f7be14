import { Fragment } from 'react';
import { Check } from 'lucide-react';
import { supportSenderName, type Message } from '@core/schemas/message.ts';
import type { OutgoingMessage } from '../hooks/use-outbox.ts';
import { formatClockTime, formatDaySeparator, localDayKey } from '../lib/message-dates.ts';
import { FailedNote, MessageBubble, MetaButton, ReportIcon } from './message-bubble.tsx';

type LogItem = { kind: 'message'; message: Message } | { kind: 'outgoing'; message: OutgoingMessage };

type MessageLogProps = {
  messages: Message[];
  outgoing: OutgoingMessage[];
  otherPartyLastReadMessageId: number | null;
  /** Admins see both sides named; their own side is Glossly Support in a support thread. */
  isAdminView: boolean;
  onRetry: (message: OutgoingMessage) => void;
  onDiscard: (clientId: string) => void;
  /** Absent when the reader may not report (admins). */
  onReport?: (message: Message) => void;
};

/** The messages of a thread, oldest first, under a separator for each day, then mine still on their way. */
export function MessageLog({
  messages,
  outgoing,
  otherPartyLastReadMessageId,
  isAdminView,
  onRetry,
  onDiscard,
  onReport,
}: MessageLogProps) {
  const isOurs = (message: Message) => message.isMine || (isAdminView && message.senderName === supportSenderName);
  const sentClientIds = new Set(messages.filter((m) => m.isMine).map((m) => m.clientId));
  const items: LogItem[] = [
    ...messages.map((message) => ({ kind: 'message' as const, message })),
    ...outgoing.filter((m) => !sentClientIds.has(m.clientId)).map((message) => ({ kind: 'outgoing' as const, message })),
  ];
  // 'Seen' goes under the newest of our messages the other side has read.
  const seenId =
    otherPartyLastReadMessageId === null
      ? null
      : (messages.filter((m) => isOurs(m) && m.id <= otherPartyLastReadMessageId).at(-1)?.id ?? null);

  return (
    <ol className="grid gap-2">
      {items.map((item, index) => {
        const createdAt = item.message.createdAt;
        const previous = items[index - 1];
        const startsDay = !previous || localDayKey(previous.message.createdAt) !== localDayKey(createdAt);
        return (
          <Fragment key={item.kind === 'message' ? `m${item.message.id}` : `o${item.message.clientId}`}>
            {startsDay && (
              <li className="flex justify-center py-2">
                <time dateTime={createdAt} className="rounded-full bg-neutral-200/70 px-3 py-0.5 text-xs font-medium text-neutral-700">
                  {formatDaySeparator(createdAt)}
                </time>
              </li>
            )}
            <li data-testid={item.kind === 'message' ? `message-${item.message.id}` : 'outgoing-message'}>
              {item.kind === 'message' ? (
                <StoredMessage
                  message={item.message}
                  isOurs={isOurs(item.message)}
                  isSeen={item.message.id === seenId}
                  showSender={isAdminView && !isOurs(item.message)}
                  onReport={onReport}
                />
              ) : (
                <OutgoingBubble message={item.message} onRetry={onRetry} onDiscard={onDiscard} />
              )}
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}

function StoredMessage({
  message,
  isOurs,
  isSeen,
  showSender,
  onReport,
}: {
  message: Message;
  isOurs: boolean;
  isSeen: boolean;
  showSender: boolean;
  onReport?: (message: Message) => void;
}) {
  return (
    <MessageBubble
      isOurs={isOurs}
      body={message.body}
      photoSrc={message.photoUrl}
      senderName={message.senderName}
      showSender={showSender}
      meta={
        <>
          <time dateTime={message.createdAt}>{formatClockTime(message.createdAt)}</time>
          {isSeen && (
            <span className="inline-flex items-center gap-0.5 font-medium text-brand-700">
              <Check aria-hidden className="size-3.5" />
              Seen
            </span>
          )}
          {message.isReported && <span className="font-medium text-danger-700">Reported</span>}
          {!isOurs && !message.isReported && onReport && (
            <MetaButton onClick={() => onReport(message)} label={`Report message from ${message.senderName}`}>
              <ReportIcon aria-hidden />
              Report
            </MetaButton>
          )}
        </>
      }
    />
  );
}

function OutgoingBubble({
  message,
  onRetry,
  onDiscard,
}: {
  message: OutgoingMessage;
  onRetry: (message: OutgoingMessage) => void;
  onDiscard: (clientId: string) => void;
}) {
  const isFailed = message.status === 'failed';
  return (
    <MessageBubble
      isOurs
      isFailed={isFailed}
      body={message.body}
      photoSrc={message.photo ? `data:${message.photo.contentType};base64,${message.photo.data}` : null}
      senderName="you"
      meta={
        isFailed ? (
          <>
            <FailedNote error={message.error ?? 'Not sent'} />
            <MetaButton onClick={() => onRetry(message)}>Retry</MetaButton>
            <MetaButton onClick={() => onDiscard(message.clientId)} label="Delete unsent message">
              Delete
            </MetaButton>
          </>
        ) : (
          <span>Sending…</span>
        )
      }
    />
  );
}
