import { and, eq, exists, lte, max, sql } from 'drizzle-orm';
import { conflict, forbidden, notFound } from '@core/errors.ts';
import type {
  ConversationSummary,
  Message,
  MessageReport,
  OpenConversationInput,
  ReportMessageInput,
  SendMessageInput,
} from '@core/schemas/message.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { conversationReads, conversations, messageReports, messages, notifications } from '../db/schema.ts';
import { visibleRecord } from '../bookings/booking-records.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { notifyMany } from '../notifications/notification-service.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import {
  activeAdminIds,
  isReadOnly,
  participantIds,
  requireThreadAccess,
  senderNameIn,
  textForParticipants,
  threadAudience,
  type ThreadAccess,
} from './conversation-access.ts';
import { summariesFor, toApiMessage, type MessageRow } from './conversation-queries.ts';
import { requireStorageLeft, reserveStorage } from '../storage/storage-quota.ts';
import { storedPhotoType, storeMessagePhoto } from './message-photos.ts';

/**
 * POST /api/conversations: finds or creates a booking's thread (for whoever may see the booking) or the caller's support
 * thread. Two people opening it at once get the same one: insert-or-nothing on the unique column, then read it back.
 */
export async function openConversation(
  db: Database,
  actor: Actor,
  now: Date,
  input: OpenConversationInput,
): Promise<{ conversation: ConversationSummary; created: boolean }> {
  const user = requireUser(actor);
  let values: typeof conversations.$inferInsert;
  if (input.bookingId !== undefined) {
    // Bookings' own rule decides who may see the booking (a never-requested hold is not the detailer's): 404 otherwise.
    await visibleRecord(db, user, input.bookingId);
    values = { kind: 'booking', bookingId: input.bookingId, createdAt: now };
  } else {
    if (user.role === 'admin') throw forbidden('Admins answer support conversations; they do not open one');
    values = { kind: 'support', supportUserId: user.id, createdAt: now };
  }
  const target = values.kind === 'booking' ? conversations.bookingId : conversations.supportUserId;
  const [inserted] = await db.insert(conversations).values(values).onConflictDoNothing({ target }).returning({ id: conversations.id });
  let found = inserted;
  if (!found) {
    const existing = values.kind === 'booking' ? eq(conversations.bookingId, values.bookingId!) : eq(conversations.supportUserId, user.id);
    [found] = await db.select({ id: conversations.id }).from(conversations).where(existing);
  }
  const [conversation] = await summariesFor(db, user, [found!.id], now);
  return { conversation: conversation!, created: inserted !== undefined };
}

const previewMaxLength = 120;

/** A notification's text for a message: one line, at most ~120 characters, 'Sent a photo' for a photo alone. */
function previewOf(text: string, hasPhoto: boolean): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return hasPhoto ? 'Sent a photo' : '';
  return line.length <= previewMaxLength ? line : `${line.slice(0, previewMaxLength - 1).trimEnd()}…`;
}

async function findSent(db: Database, conversationId: number, senderUserId: number, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderUserId, senderUserId), eq(messages.clientId, clientId)));
  return row;
}

/** Who is told of a new message: the thread's other participant, or every admin for a support thread's user. */
async function recipientsOf(db: Database, access: ThreadAccess): Promise<number[]> {
  const sender = access.user.id;
  const others = participantIds(access).filter((id) => id !== sender);
  if (access.booking || access.relation === 'admin') return others;
  return (await activeAdminIds(db)).filter((id) => id !== sender);
}

/** A read mark only moves forward: an upsert's conflict clause, for a mark given by id or by a new message. */
const readMarkMovesForward = {
  target: [conversationReads.conversationId, conversationReads.userId],
  set: { lastReadMessageId: sql`excluded.last_read_message_id`, readAt: sql`excluded.read_at` },
  setWhere: sql`${conversationReads.lastReadMessageId} < excluded.last_read_message_id`,
};

/** Moves a user's read mark to `messageId`, never back. Answers whether it moved. */
async function moveReadMark(db: Database, conversationId: number, userId: number, messageId: number, now: Date): Promise<boolean> {
  const moved = await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadMessageId: messageId, readAt: now })
    .onConflictDoUpdate(readMarkMovesForward)
    .returning({ userId: conversationReads.userId });
  return moved.length > 0;
}

/**
 * Stores a message, and with it, in the same statement, the thread's activity time and the sender's read mark (data-
 * modifying CTEs; issue 40: on PGlite every statement is event-loop time every other request waits for). Answers the
 * message, or undefined when its clientId was used already (the insert did nothing, so neither did the rest).
 */
async function insertMessage(db: Database, values: typeof messages.$inferInsert): Promise<MessageRow | undefined> {
  const { conversationId, senderUserId, createdAt } = values;
  const created = db.$with('created').as(
    db
      .insert(messages)
      .values(values)
      .onConflictDoNothing({ target: [messages.conversationId, messages.senderUserId, messages.clientId] })
      .returning(),
  );
  const touched = db.$with('touched').as(
    db
      .update(conversations)
      .set({ lastMessageAt: createdAt })
      .where(and(eq(conversations.id, conversationId), exists(db.select({ id: created.id }).from(created)))),
  );
  const marked = db.$with('marked').as(
    db
      .insert(conversationReads)
      .select(
        db
          .select({
            conversationId: sql`${conversationId}::integer`.as('conversation_id'),
            userId: sql`${senderUserId}::integer`.as('user_id'),
            lastReadMessageId: sql`${created.id}`.as('last_read_message_id'),
            readAt: sql`${created.createdAt}`.as('read_at'),
          })
          .from(created),
      )
      .onConflictDoUpdate(readMarkMovesForward),
  );
  const [row] = await db.with(created, touched, marked).select().from(created);
  return row;
}

/**
 * POST /api/conversations/:id/messages. A retry with a clientId already used answers that message (created false)
 * instead of a second one. The message, the thread's activity time, the sender's read mark and the recipients'
 * notifications commit together; the live change and the notices go out after commit.
 */
export async function sendMessage(
  ctx: AppContext,
  storage: ObjectStorage,
  actor: Actor,
  conversationId: number,
  input: SendMessageInput,
): Promise<{ message: Message; created: boolean }> {
  const user = requireUser(actor);
  const now = ctx.clock.now();
  const access = await requireThreadAccess(ctx.db, user, conversationId);
  const body = input.body ?? '';
  const refusal =
    access.relation === 'admin' && access.booking
      ? forbidden('Admins read booking conversations but do not write in them')
      : isReadOnly(access, now)
        ? conflict('This conversation is closed')
        : null;
  // A retry answers the message it made, even where a new one is refused now. A text send needs no look-up first:
  // its insert does nothing on a used clientId, and that message is read after (one statement less a send on a busy
  // thread, issue 40); a photo is looked up first so a retry does not store it again.
  if (refusal || input.photo) {
    const retried = await findSent(ctx.db, conversationId, user.id, input.clientId);
    if (retried) return { message: toApiMessage(access, retried, false), created: false };
  }
  if (refusal) throw refusal;

  if (input.photo) await requireStorageLeft(ctx.db, user.id, 'photo.data');
  const photo = input.photo ? await storeMessagePhoto(storage, conversationId, input.photo) : null;
  const photoKey = photo?.key ?? null;
  let row: MessageRow | null;
  try {
    row = await ctx.transaction(async (tx) => {
      if (photo) await reserveStorage(tx.db, user.id, photo.bytes, 'photo.data');
      const created = await insertMessage(tx.db, {
        conversationId,
        senderUserId: user.id,
        body,
        photoKey,
        photoBytes: photo?.bytes ?? 0,
        clientId: input.clientId,
        createdAt: now,
      });
      // The same send raced itself (a double tap reaching two requests): the other one made the message.
      if (!created) return null;
      const senderName = senderNameIn(access, user.id);
      const recipients = await recipientsOf(tx.db, access);
      await notifyMany(
        tx,
        recipients.map((userId) => ({
          userId,
          type: 'message' as const,
          title: `New message from ${senderName}`,
          // Masked as the recipients read it: a booking's parties, or a support thread's side, which hides nothing.
          message: previewOf(textForParticipants(access, body), photoKey !== null),
          entityId: String(conversationId),
        })),
      );
      const audience = threadAudience(access);
      tx.afterCommit(() => tx.publishChange({ topic: 'conversation', id: conversationId }, audience));
      return created;
    });
  } catch (error) {
    if (photoKey) await storage.delete(photoKey);
    throw error;
  }
  if (row) return { message: toApiMessage(access, row, false), created: true };
  if (photoKey) await storage.delete(photoKey);
  const made = await findSent(ctx.db, conversationId, user.id, input.clientId);
  return { message: toApiMessage(access, made!, false), created: false };
}

/**
 * POST /api/conversations/:id/read: moves the caller's read mark forward to the newest message of the thread at or
 * before the one named (an id past the thread's end cannot mark future messages read), and marks the caller's message
 * notifications of the thread read.
 */
export async function markConversationRead(
  ctx: AppContext,
  actor: Actor,
  conversationId: number,
  lastReadMessageId: number,
): Promise<void> {
  const user = requireUser(actor);
  const now = ctx.clock.now();
  const access = await requireThreadAccess(ctx.db, user, conversationId);
  const [newest] = await ctx.db
    .select({ id: max(messages.id) })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), lte(messages.id, lastReadMessageId)));
  const messageId = newest?.id ?? null;
  if (messageId === null) return;
  await ctx.transaction(async (tx) => {
    const moved = await moveReadMark(tx.db, conversationId, user.id, messageId, now);
    await tx.db
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.userId, user.id),
          eq(notifications.type, 'message'),
          eq(notifications.entityId, String(conversationId)),
          eq(notifications.isRead, false),
        ),
      );
    const audience = threadAudience(access);
    if (moved) tx.afterCommit(() => tx.publishChange({ topic: 'conversation', id: conversationId }, audience));
  });
}

/** A message and the thread it is in, for a user who may see it; anyone else gets 404 'Message not found'. */
async function requireMessageAccess(db: Database, actor: Actor, messageId: number) {
  const user = requireUser(actor);
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
  const missing = 'Message not found';
  const access = await requireThreadAccess(db, user, row?.conversationId ?? 0, missing);
  return { access, message: row! };
}

/** POST /api/messages/:id/report: a participant reports the other side's message, once. */
export async function reportMessage(
  db: Database,
  actor: Actor,
  now: Date,
  messageId: number,
  input: ReportMessageInput,
): Promise<MessageReport> {
  const { access, message } = await requireMessageAccess(db, actor, messageId);
  if (access.relation === 'admin') throw forbidden('Only the people in a conversation can report its messages');
  if (message.senderUserId === access.user.id) throw forbidden('You cannot report your own message');
  const [report] = await db
    .insert(messageReports)
    .values({ messageId, reporterUserId: access.user.id, reason: input.reason, createdAt: now })
    .onConflictDoNothing({ target: [messageReports.messageId, messageReports.reporterUserId] })
    .returning();
  if (!report) throw conflict('You already reported this message');
  return { id: report.id, messageId, reason: report.reason, createdAt: report.createdAt.toISOString() };
}

/** GET /api/messages/:id/photo: the stored webp, for the thread's participants and admins. */
export async function readMessagePhoto(
  db: Database,
  storage: ObjectStorage,
  actor: Actor,
  messageId: number,
): Promise<{ contentType: string; data: Buffer }> {
  const { message } = await requireMessageAccess(db, actor, messageId);
  const data = message.photoKey ? await storage.get(message.photoKey) : null;
  if (!data) throw notFound('Photo not found');
  return { contentType: storedPhotoType, data };
}
