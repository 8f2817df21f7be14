import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageReport } from '@core/schemas/message.ts';
import { conversationKeys } from '@/components/messages/api/conversation-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/messages/:id/report `{ reason }`: 201; once per message and reporter (409 after). */
export const reportMessage = ({ messageId, reason }: { messageId: number; reason: string }) =>
  apiRequest<MessageReport>('POST', `/api/messages/${messageId}/report`, { reason });

export function useReportMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.thread(conversationId) }),
  });
}
