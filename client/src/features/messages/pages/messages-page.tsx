import { useSearch } from 'wouter';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationThread } from '../components/conversation-thread.tsx';

/** The thread to show, from `?conversationId=` (the spec's link from a message notification). */
export function selectedConversationId(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('conversationId'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** /messages: the list of threads, or one thread (on a phone it replaces the list; its Back returns to it). */
export default function MessagesPage() {
  const search = useSearch();
  const { user } = useCurrentUser();
  const conversationId = selectedConversationId(search);
  const role = user?.role ?? 'customer';
  if (conversationId !== null) return <ConversationThread key={conversationId} conversationId={conversationId} role={role} />;
  return <ConversationList myUserId={user?.id} role={role} />;
}
