import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { ConversationSummary, OpenConversationInput } from '@core/schemas/message.ts';
import { apiRequest, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { conversationKeys } from './conversation-keys.ts';

/** POST /api/conversations `{ bookingId }` or `{ support: true }`: finds or creates the thread (decision 018). */
export const openConversation = (input: OpenConversationInput) => apiRequest<ConversationSummary>('POST', '/api/conversations', input);

export const conversationHref = (conversationId: number) => `/messages?conversationId=${conversationId}`;

/** Opens (creating it the first time) a booking's or the caller's support thread, then shows it. */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (conversation) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
      navigate(conversationHref(conversation.id));
    },
    onError: (error) =>
      toast({ title: 'Could not open the conversation', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}
