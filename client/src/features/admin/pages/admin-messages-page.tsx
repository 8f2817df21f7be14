import { useState } from 'react';
import { Flag, MessagesSquare, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import type { AdminConversation } from '@core/schemas/message.ts';
import { bookingStatusLabel, type BookingStatus } from '@core/domain/booking-status.ts';
import { conversationHref } from '@/components/messages/api/open-conversation.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useDebounced } from '@/lib/use-debounced.ts';
import { useAdminConversations, type AdminConversationFilters } from '../api/get-admin-conversations.ts';

/** A positive whole number typed in a filter, else no filter. */
const idFilter = (value: string): number | undefined => {
  const id = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/** 'Jan 5, 9:00 AM': on the admin's clock for a message; on the booking's own (timeZone) for its slot. */
const dateTime = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });

function ConversationRow({ conversation }: { conversation: AdminConversation }) {
  const names = conversation.participants.map((p) => p.name).join(' and ');
  const last = conversation.lastMessage;
  const isSupport = conversation.kind === 'support';
  return (
    <Link
      href={conversationHref(conversation.id)}
      data-testid={`admin-conversation-${conversation.id}`}
      className="grid gap-1 rounded-card bg-surface p-4 shadow-card transition-colors duration-150 hover:bg-neutral-50"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold text-neutral-900">{names}</h2>
        <Badge variant={isSupport ? 'brand' : 'neutral'}>{isSupport ? 'Support' : `Booking #${conversation.bookingId}`}</Badge>
      </div>
      {conversation.booking && (
        <p className="text-sm text-neutral-600">
          {conversation.booking.serviceName} · {dateTime(conversation.booking.startsAt, conversation.booking.timeZone)} ·{' '}
          {bookingStatusLabel(conversation.booking.status as BookingStatus)}
        </p>
      )}
      <p className="truncate text-sm text-neutral-700">{last ? last.body || 'Photo' : 'No messages yet'}</p>
      <div className="flex items-center justify-between gap-2 text-xs text-neutral-600">
        <span>{conversation.lastMessageAt ? `Last message ${dateTime(conversation.lastMessageAt)}` : ''}</span>
        <span className="flex items-center gap-2">
          {conversation.reportedMessageCount > 0 && (
            <Badge variant="danger">
              <Flag aria-hidden />
              {conversation.reportedMessageCount} reported
            </Badge>
          )}
          <span className="font-medium text-brand-700">{isSupport ? 'Answer' : 'View'}</span>
        </span>
      </div>
    </Link>
  );
}

/** /admin/messages: every thread, by booking, by user, or only those with reported messages. */
export default function AdminMessagesPage() {
  const [bookingId, setBookingId] = useState('');
  const [userId, setUserId] = useState('');
  const [reported, setReported] = useState(false);
  const typed = { bookingId: idFilter(useDebounced(bookingId, 300)), userId: idFilter(useDebounced(userId, 300)) };
  const filters: AdminConversationFilters = { ...typed, reported };
  const conversations = useAdminConversations(filters);
  const isFiltered = typed.bookingId !== undefined || typed.userId !== undefined || reported;

  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Messages</h1>
      <form role="search" aria-label="Filter conversations" className="grid gap-3" onSubmit={(event) => event.preventDefault()}>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            id="admin-messages-booking"
            label="Booking ID"
            inputMode="numeric"
            value={bookingId}
            onChange={(event) => setBookingId(event.target.value)}
          />
          <TextField
            id="admin-messages-user"
            label="User ID"
            inputMode="numeric"
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
          />
        </div>
        <Label htmlFor="admin-messages-reported" className="flex min-h-11 items-center gap-3">
          <Checkbox id="admin-messages-reported" checked={reported} onCheckedChange={setReported} />
          Reported only
        </Label>
      </form>

      {conversations.isPending ? (
        <LoadingState label="Loading conversations">
          {[0, 1, 2].map((index) => (
            <Card key={index} className="grid gap-2 p-4" aria-hidden>
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-4 w-64" />
              <Skeleton className="h-4 w-40" />
            </Card>
          ))}
        </LoadingState>
      ) : conversations.isError ? (
        <ErrorState message="We couldn't load the conversations." onRetry={() => void conversations.refetch()} />
      ) : conversations.data.length === 0 ? (
        <EmptyState
          icon={isFiltered ? <SearchX /> : <MessagesSquare />}
          title={isFiltered ? 'No conversations match' : 'No conversations yet'}
          description={
            isFiltered
              ? 'Try another booking or user ID, or clear Reported only.'
              : 'Threads appear here once customers, detailers or support write.'
          }
        />
      ) : (
        <ul className="grid gap-3" aria-label="Conversations">
          {conversations.data.map((conversation) => (
            <li key={conversation.id}>
              <ConversationRow conversation={conversation} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
