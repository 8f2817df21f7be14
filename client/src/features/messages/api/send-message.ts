import type { Message, MessagePhotoInput } from '@core/schemas/message.ts';
import { apiRequest } from '@/lib/api-client.ts';

export type SendMessageBody = { clientId: string; body: string; photo?: MessagePhotoInput };

/**
 * POST /api/conversations/:id/messages. The clientId is chosen once per message: a retry sends the same one, so the
 * server answers the message it already made instead of making a second.
 */
export const sendMessage = (conversationId: number, input: SendMessageBody) =>
  apiRequest<Message>('POST', `/api/conversations/${conversationId}/messages`, input);

export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
