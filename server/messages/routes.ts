import { messagesPerAccount } from '../http/rate-limit-store.ts';
import type { FastifyInstance } from 'fastify';
import {
  adminConversationsQuerySchema,
  conversationIdParamsSchema,
  conversationThreadQuerySchema,
  messageIdParamsSchema,
  messagePhotoMaxBytes,
  openConversationSchema,
  readMarkSchema,
  reportMessageSchema,
  sendMessageSchema,
} from '@core/schemas/message.ts';
import { parse } from '../http/validate.ts';
import { requireRole, requireUser } from '../identity/access.ts';
import { countUnreadMessages, getConversationThread, listConversations, listConversationsForAdmin } from './conversation-queries.ts';
import { markConversationRead, openConversation, readMessagePhoto, reportMessage, sendMessage } from './message-service.ts';

/** A message with the largest photo, as base64 (4 characters per 3 bytes) in JSON, with room for the rest. */
const sendBodyLimit = Math.ceil(messagePhotoMaxBytes / 3) * 4 + 64 * 1024;

/** A photo's bytes never change for its message id; only the signed-in browser may keep it. */
const photoCacheControl = 'private, max-age=31536000, immutable';

/**
 * Messages (decision 018): booking and support threads, photos, read marks, reports, the admins' list. Each handler
 * asks for the session before it reads the input: a signed-out caller gets 401 whatever they sent.
 */
export async function messageRoutes(app: FastifyInstance) {
  const { storage } = app.ctx;

  app.get('/api/conversations', (request) => listConversations(app.ctx.db, request.user, app.ctx.clock.now()));

  app.post('/api/conversations', async (request, reply) => {
    const user = requireUser(request.user);
    const { conversation, created } = await openConversation(
      app.ctx.db,
      user,
      app.ctx.clock.now(),
      parse(openConversationSchema, request.body),
    );
    return reply.code(created ? 201 : 200).send(conversation);
  });

  app.get('/api/conversations/unread-count', (request) => countUnreadMessages(app.ctx.db, request.user));

  app.get('/api/conversations/:id', (request) =>
    getConversationThread(
      app.ctx.db,
      requireUser(request.user),
      app.ctx.clock.now(),
      parse(conversationIdParamsSchema, request.params).id,
      parse(conversationThreadQuerySchema, request.query),
    ),
  );

  app.post('/api/conversations/:id/messages', { bodyLimit: sendBodyLimit, config: messagesPerAccount }, async (request, reply) => {
    const user = requireUser(request.user);
    const { id } = parse(conversationIdParamsSchema, request.params);
    const { message, created } = await sendMessage(app.ctx, storage, user, id, parse(sendMessageSchema, request.body));
    return reply.code(created ? 201 : 200).send(message);
  });

  app.post('/api/conversations/:id/read', async (request, reply) => {
    const user = requireUser(request.user);
    const { id } = parse(conversationIdParamsSchema, request.params);
    await markConversationRead(app.ctx, user, id, parse(readMarkSchema, request.body).lastReadMessageId);
    return reply.code(204).send();
  });

  app.get('/api/messages/:id/photo', async (request, reply) => {
    const photo = await readMessagePhoto(app.ctx.db, storage, requireUser(request.user), parse(messageIdParamsSchema, request.params).id);
    return reply.type(photo.contentType).header('cache-control', photoCacheControl).send(photo.data);
  });

  app.post('/api/messages/:id/report', async (request, reply) => {
    const report = await reportMessage(
      app.ctx.db,
      requireUser(request.user),
      app.ctx.clock.now(),
      parse(messageIdParamsSchema, request.params).id,
      parse(reportMessageSchema, request.body),
    );
    return reply.code(201).send(report);
  });

  app.get('/api/admin/conversations', (request) =>
    listConversationsForAdmin(app.ctx.db, requireRole(request.user, 'admin'), parse(adminConversationsQuerySchema, request.query)),
  );
}
