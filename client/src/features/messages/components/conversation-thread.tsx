import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Lock, MessageSquareOff } from 'lucide-react';
import { Link } from 'wouter';
import type { Role } from '@core/domain/roles.ts';
import type { Message } from '@core/schemas/message.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { threadMessages, useConversationThread } from '../api/get-conversation-thread.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useOutbox } from '../hooks/use-outbox.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageLog } from './message-log.tsx';
import { ReportMessageDialog } from './report-message-dialog.tsx';
import { ThreadHeader } from './thread-header.tsx';

const scroller = () => document.scrollingElement ?? document.documentElement;
const scrollToEnd = () => {
  const root = scroller();
  root.scrollTop = root.scrollHeight;
};
const isNearEnd = () => {
  const root = scroller();
  return root.scrollHeight - root.scrollTop - root.clientHeight < 240;
};

function ThreadSkeleton() {
  return (
    <LoadingState label="Loading the conversation" className="p-4">
      {(['w-2/3', 'ml-auto w-1/2', 'w-3/5', 'ml-auto w-2/3', 'w-1/2'] as const).map((width, index) => (
        <Skeleton key={index} className={cn('h-12 rounded-2xl', width)} />
      ))}
    </LoadingState>
  );
}

function Banner({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2 border-t border-neutral-200 bg-neutral-50 px-4 py-3 text-sm text-neutral-700">
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-neutral-500" />
      <div>{children}</div>
    </div>
  );
}

type ConversationThreadProps = { conversationId: number; role: Role };

/** /messages?conversationId=: one thread, live, with the composer (or why there is none). */
export function ConversationThread({ conversationId, role }: ConversationThreadProps) {
  const thread = useConversationThread(conversationId);
  const outbox = useOutbox(conversationId);
  const markRead = useMarkConversationRead();
  const [reporting, setReporting] = useState<Message | null>(null);
  const isAdminView = role === 'admin';
  const backHref = isAdminView ? '/admin/messages' : '/messages';
  const backLabel = isAdminView ? 'Back to all conversations' : 'Back to conversations';

  const first = thread.data?.pages[0];
  const conversation = first?.conversation;
  const messages = thread.data ? threadMessages(thread.data) : [];
  const newestId = messages.at(-1)?.id;
  const lastItemKey = `${newestId}:${outbox.outgoing.length}`;

  // Read: when the thread shows messages the reader has not read (on open, and each newer one that arrives live).
  // An admin only looking into a booking's thread leaves no read mark there.
  const markedUpTo = useRef(0);
  const { mutate: markAsRead } = markRead;
  const isOnlyLooking = isAdminView && conversation?.kind === 'booking';
  useEffect(() => {
    if (!conversation || isOnlyLooking || conversation.unreadCount === 0 || newestId === undefined || markedUpTo.current >= newestId)
      return;
    markedUpTo.current = newestId;
    markAsRead({ conversationId, lastReadMessageId: newestId });
  }, [conversation, isOnlyLooking, newestId, conversationId, markAsRead]);

  // Scrolling: to the end when the thread opens and when a message arrives while the reader is at the end; loading
  // older messages keeps the reader's place.
  const hasScrolled = useRef(false);
  const wasNearEnd = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  useEffect(() => {
    const remember = () => {
      wasNearEnd.current = isNearEnd();
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  useLayoutEffect(() => {
    if (!thread.data) return;
    if (heightBeforeOlder.current !== null) {
      const root = scroller();
      root.scrollTop += root.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (!hasScrolled.current || wasNearEnd.current) {
      scrollToEnd();
      hasScrolled.current = true;
    }
  }, [thread.data, lastItemKey]);

  const loadOlder = () => {
    heightBeforeOlder.current = scroller().scrollHeight;
    void thread.fetchNextPage();
  };

  let body;
  if (thread.isPending) body = <ThreadSkeleton />;
  else if (thread.isError) {
    body =
      thread.error instanceof ApiError && thread.error.status === 404 ? (
        <EmptyState
          icon={<MessageSquareOff />}
          title="Conversation not found"
          description="It may have been removed, or it is not yours to see."
          action={
            <Button asChild variant="secondary">
              <Link href={backHref}>Back to messages</Link>
            </Button>
          }
        />
      ) : (
        <ErrorState message="We couldn't load this conversation." onRetry={() => void thread.refetch()} />
      );
  } else {
    const name = conversation!.otherParty.name;
    body = (
      <div role="log" aria-live="polite" aria-label={`Messages with ${name}`} className="grid gap-2 px-3 py-4">
        {thread.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" size="sm" onClick={loadOlder} disabled={thread.isFetchingNextPage}>
              {thread.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
            </Button>
          </div>
        )}
        {messages.length === 0 && outbox.outgoing.length === 0 ? (
          <p className="py-12 text-center text-sm text-neutral-600">
            {conversation!.kind === 'support' && !isAdminView
              ? 'Tell us what you need help with. The Glossly team answers here.'
              : `No messages yet. Say hello to ${name}.`}
          </p>
        ) : (
          <MessageLog
            messages={messages}
            outgoing={outbox.outgoing}
            otherPartyLastReadMessageId={first!.otherPartyLastReadMessageId}
            isAdminView={isAdminView}
            onRetry={outbox.retry}
            onDiscard={outbox.discard}
            onReport={isAdminView ? undefined : setReporting}
          />
        )}
      </div>
    );
  }

  let footer = null;
  if (conversation) {
    if (conversation.isReadOnly) {
      footer = (
        <Banner>
          <p className="font-medium text-neutral-900">This conversation is closed</p>
          <p>It closed a week after the booking ended. You can still read it.</p>
        </Banner>
      );
    } else if (isAdminView && conversation.kind === 'booking') {
      footer = (
        <Banner>
          <p>Booking conversations are read-only for admins. You can answer support conversations.</p>
        </Banner>
      );
    } else {
      footer = <MessageComposer recipientName={conversation.otherParty.name} onSend={outbox.send} />;
    }
  }

  return (
    // One screen tall between the header and the bottom nav (the shell's pb-24 less the nav's 3.5rem is taken back), so
    // the composer sits on the nav even when the thread is short; a long thread scrolls the page under both.
    <div className="-mb-10 flex min-h-[calc(100dvh-7rem-env(safe-area-inset-bottom))] flex-col">
      <ThreadHeader conversation={conversation} backHref={backHref} backLabel={backLabel} showsBookingLink={!isAdminView} />
      <div className="flex-1">{body}</div>
      {footer && <div className="sticky bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20">{footer}</div>}
      <ReportMessageDialog
        conversationId={conversationId}
        message={reporting ? { id: reporting.id, senderName: reporting.senderName } : null}
        onClose={() => setReporting(null)}
      />
    </div>
  );
}
