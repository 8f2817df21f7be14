import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessagePhotoInput } from '@core/schemas/message.ts';
import { conversationKeys } from '@/components/messages/api/conversation-keys.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { withMessage, type ThreadData } from '../api/get-conversation-thread.ts';
import { newClientId, sendMessage } from '../api/send-message.ts';

/** A message of mine the server has not confirmed yet: on its way, or failed and waiting for Retry. */
export type OutgoingMessage = {
  clientId: string;
  body: string;
  photo?: MessagePhotoInput;
  status: 'sending' | 'failed';
  error?: string;
  createdAt: string;
};

/**
 * The thread's outgoing messages, shown at once as 'Sending…' bubbles. A confirmed message moves into the thread's
 * cache; a failed one stays with its clientId, so Retry sends the same one and the server dedupes it.
 */
export function useOutbox(conversationId: number) {
  const queryClient = useQueryClient();
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);

  const update = useCallback(
    (clientId: string, change: Partial<OutgoingMessage> | null) =>
      setOutgoing((list) =>
        change === null
          ? list.filter((m) => m.clientId !== clientId)
          : list.map((m) => (m.clientId === clientId ? { ...m, ...change } : m)),
      ),
    [],
  );

  const deliver = useCallback(
    async (message: OutgoingMessage) => {
      try {
        const sent = await sendMessage(conversationId, { clientId: message.clientId, body: message.body, photo: message.photo });
        queryClient.setQueryData<ThreadData>(conversationKeys.thread(conversationId), (data) => withMessage(data, sent));
        update(message.clientId, null);
        void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
      } catch (error) {
        update(message.clientId, { status: 'failed', error: errorMessage(error, 'Not sent. Check your connection.') });
        // 'This conversation is closed': read the thread again so it shows as closed.
        if (error instanceof ApiError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: conversationKeys.thread(conversationId) });
        }
      }
    },
    [conversationId, queryClient, update],
  );

  const send = useCallback(
    (body: string, photo?: MessagePhotoInput) => {
      const message: OutgoingMessage = { clientId: newClientId(), body, photo, status: 'sending', createdAt: new Date().toISOString() };
      setOutgoing((list) => [...list, message]);
      void deliver(message);
    },
    [deliver],
  );

  const retry = useCallback(
    (message: OutgoingMessage) => {
      update(message.clientId, { status: 'sending', error: undefined });
      void deliver({ ...message, status: 'sending' });
    },
    [deliver, update],
  );

  const discard = useCallback((clientId: string) => update(clientId, null), [update]);

  return { outgoing, send, retry, discard };
}
