import { ArrowLeft, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { supportSenderName, type ConversationSummary } from '@core/schemas/message.ts';
import { Button } from '@/components/ui/button.tsx';
import { conversationTopic } from './conversation-list-item.tsx';
import { PartyAvatar } from './party-avatar.tsx';

type ThreadHeaderProps = {
  conversation: ConversationSummary | undefined;
  /** Where Back goes: the caller's list, or the admins' list. */
  backHref: string;
  backLabel: string;
  /** A link to the booking the thread is about (its parties only). */
  showsBookingLink: boolean;
};

/** Above a thread: the way back to the list (on a phone the thread replaces it), who and what it is about. */
export function ThreadHeader({ conversation, backHref, backLabel, showsBookingLink }: ThreadHeaderProps) {
  return (
    <div className="sticky top-14 z-20 flex min-h-16 items-center gap-2 border-b border-neutral-200 bg-surface/95 px-2 py-2 backdrop-blur">
      <Button asChild variant="ghost" size="icon">
        <Link href={backHref} aria-label={backLabel}>
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
      {conversation && (
        <>
          <PartyAvatar
            name={conversation.otherParty.name}
            avatarUrl={conversation.otherParty.avatarUrl}
            isSupport={conversation.otherParty.name === supportSenderName}
            className="size-10"
          />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold text-neutral-900">{conversation.otherParty.name}</h1>
            <p className="truncate text-xs text-neutral-600">{conversationTopic(conversation)}</p>
          </div>
          {showsBookingLink && conversation.bookingId !== null && (
            <Button asChild variant="ghost" size="sm" className="shrink-0 text-brand-700">
              <Link href={`/bookings/${conversation.bookingId}`}>
                Booking
                <ChevronRight aria-hidden />
              </Link>
            </Button>
          )}
        </>
      )}
    </div>
  );
}
