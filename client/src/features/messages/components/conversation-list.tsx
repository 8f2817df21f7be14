import { LifeBuoy, MessageSquare } from 'lucide-react';
import type { Role } from '@core/domain/roles.ts';
import { useOpenConversation } from '@/components/messages/api/open-conversation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useConversations } from '../api/get-conversations.ts';
import { ConversationListItem } from './conversation-list-item.tsx';

const howToStart: Record<Role, string> = {
  customer: 'Open a booking and tap Message to talk with your detailer.',
  detailer: 'Open a job and tap Message to talk with your customer.',
  admin: 'Support conversations from customers and detailers appear here.',
};

/** 'Contact support': opens the caller's support thread (created the first time). Admins answer support instead. */
function ContactSupportButton({ variant }: { variant: 'primary' | 'secondary' }) {
  const open = useOpenConversation();
  return (
    <Button variant={variant} disabled={open.isPending} onClick={() => open.mutate({ support: true })}>
      <LifeBuoy aria-hidden />
      Contact support
    </Button>
  );
}

function ListSkeleton() {
  return (
    <LoadingState label="Loading your conversations">
      {[0, 1, 2, 3].map((index) => (
        <Card key={index} className="flex items-center gap-3 p-3" aria-hidden>
          <Skeleton className="size-12 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-3/5" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </Card>
      ))}
    </LoadingState>
  );
}

/** /messages: the caller's threads, newest activity first. */
export function ConversationList({ myUserId, role }: { myUserId: number | undefined; role: Role }) {
  const conversations = useConversations();
  const canContactSupport = role !== 'admin';

  let content;
  if (conversations.isPending) content = <ListSkeleton />;
  else if (conversations.isError) {
    content = <ErrorState message="We couldn't load your messages." onRetry={() => void conversations.refetch()} />;
  } else if (conversations.data.length === 0) {
    content = (
      <EmptyState
        icon={<MessageSquare />}
        title="No conversations yet"
        description={howToStart[role]}
        action={canContactSupport ? <ContactSupportButton variant="primary" /> : undefined}
      />
    );
  } else {
    const hasSupportThread = conversations.data.some((c) => c.kind === 'support');
    content = (
      <>
        <ul className="grid grid-cols-1 gap-2" aria-label="Conversations">
          {conversations.data.map((conversation) => (
            <li key={conversation.id}>
              <ConversationListItem conversation={conversation} myUserId={myUserId} />
            </li>
          ))}
        </ul>
        {canContactSupport && !hasSupportThread && (
          <div className="mt-6 flex flex-col items-center gap-2 text-center">
            <p className="text-sm text-neutral-600">Need help with the app or a payment?</p>
            <ContactSupportButton variant="secondary" />
          </div>
        )}
      </>
    );
  }

  return (
    // grid-cols-1: one column no wider than the screen, so that a long last message is cut short in its row instead of
    // widening the page past the screen.
    <div className="grid grid-cols-1 gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Messages</h1>
      <div>{content}</div>
    </div>
  );
}
