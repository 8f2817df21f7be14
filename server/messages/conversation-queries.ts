import { and, count, desc, eq, exists, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  adminConversationsLimit,
  messagesPageSize,
  type AdminConversation,
  type AdminConversationsQuery,
  type ConversationSummary,
  type ConversationThread,
  type ConversationThreadQuery,
  type Message,
} from '@core/schemas/message.ts';
import type { Database } from '../db/client.ts';
import { bookings, conversationReads, conversations, detailers, messageReports, messages } from '../db/schema.ts';
import { detailerSeesBookingSql } from '../bookings/booking-records.ts';
import { requireRole, requireUser, type Actor } from '../identity/access.ts';
import type { UserRow } from '../identity/user-service.ts';
import {
  isReadOnly,
  loadConversationContexts,
  otherPartyOf,
  relationTo,
  requireThreadAccess,
  senderNameIn,
  textForReader,
  type ConversationContext,
  type ThreadAccess,
  type ThreadRelation,
} from './conversation-access.ts';

export type MessageRow = typeof messages.$inferSelect;

/** The caller's own list is capped; the client shows the newest activity first. */
export const conversationListLimit = 200;

const photoUrlOf = (message: Pick<MessageRow, 'id' | 'photoKey'>) => (message.photoKey ? `/api/messages/${message.id}/photo` : null);

/** Newest activity first: a thread without messages yet counts from when it was opened. */
const activityOrder = [desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id)];

/**
 * The threads a user takes part in, as SQL over conversations left-joined to bookings and detailers: their bookings'
 * threads (the detailer's once the booking was requested) and their support thread; for an admin, every support thread.
 */
function participatesSql(user: UserRow): SQL {
  const own = or(
    eq(conversations.supportUserId, user.id),
    eq(bookings.customerId, user.id),
    and(eq(detailers.userId, user.id), detailerSeesBookingSql()),
  )!;
  return user.role === 'admin' ? or(own, eq(conversations.kind, 'support'))! : own;
}

function participatingConversations(db: Database) {
  return db
    .select({ id: conversations.id })
    .from(conversations)
    .leftJoin(bookings, eq(bookings.id, conversations.bookingId))
    .leftJoin(detailers, eq(detailers.id, bookings.detailerId));
}

/**
 * Messages that are unread for the user: from someone else, after their read mark. An admin reading a support thread
 * that is not their own counts only its user's messages (the other admins write as Glossly Support, as they do).
 */
function unreadForSql(user: UserRow): SQL {
  return and(
    ne(messages.senderUserId, user.id),
    sql`${messages.id} > coalesce((select ${conversationReads.lastReadMessageId} from ${conversationReads}
      where ${conversationReads.conversationId} = ${messages.conversationId} and ${conversationReads.userId} = ${user.id}), 0)`,
    sql`not (${conversations.kind} = 'support' and ${conversations.supportUserId} <> ${user.id}
      and ${messages.senderUserId} <> ${conversations.supportUserId})`,
  )!;
}

async function lastMessagesOf(db: Database, ids: number[]): Promise<Map<number, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, ids))
    .orderBy(messages.conversationId, desc(messages.id));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

async function unreadCountsOf(db: Database, user: UserRow, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: messages.conversationId, count: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(inArray(messages.conversationId, ids), unreadForSql(user)))
    .groupBy(messages.conversationId);
  return new Map(rows.map((row) => [row.conversationId, Number(row.count)]));
}

function lastMessageFor(
  context: ConversationContext,
  relation: ThreadRelation,
  last: MessageRow | undefined,
): ConversationSummary['lastMessage'] {
  if (!last) return null;
  return {
    body: textForReader(context, relation, last.body),
    hasPhoto: last.photoKey !== null,
    senderUserId: last.senderUserId,
    createdAt: last.createdAt.toISOString(),
  };
}

/** The summaries of threads the caller may see, in the order of `ids`. */
export async function summariesFor(db: Database, user: UserRow, ids: number[], now: Date): Promise<ConversationSummary[]> {
  const contexts = await loadConversationContexts(db, ids);
  const lastMessages = await lastMessagesOf(db, ids);
  const unread = await unreadCountsOf(db, user, ids);
  const summaries: ConversationSummary[] = [];
  for (const id of ids) {
    const context = contexts.get(id);
    const relation = context && relationTo(context, user);
    if (!context || !relation) continue;
    const { conversation, booking } = context;
    summaries.push({
      id,
      kind: conversation.kind,
      bookingId: conversation.bookingId,
      otherParty: otherPartyOf(context, relation),
      booking: booking ? { serviceName: booking.serviceName, startsAt: booking.startsAt.toISOString() } : null,
      lastMessage: lastMessageFor(context, relation, lastMessages.get(id)),
      unreadCount: unread.get(id) ?? 0,
      isReadOnly: isReadOnly(context, now),
      lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
    });
  }
  return summaries;
}

/** GET /api/conversations: the caller's threads, newest activity first. */
export async function listConversations(db: Database, actor: Actor, now: Date): Promise<ConversationSummary[]> {
  const user = requireUser(actor);
  const rows = await participatingConversations(db)
    .where(participatesSql(user))
    .orderBy(...activityOrder)
    .limit(conversationListLimit);
  return summariesFor(
    db,
    user,
    rows.map((row) => row.id),
    now,
  );
}

/** GET /api/conversations/unread-count: messages from others after the caller's read marks, over all their threads. */
export async function countUnreadMessages(db: Database, actor: Actor): Promise<{ count: number }> {
  const user = requireUser(actor);
  const [row] = await db
    .select({ count: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(bookings, eq(bookings.id, conversations.bookingId))
    .leftJoin(detailers, eq(detailers.id, bookings.detailerId))
    .where(and(participatesSql(user), unreadForSql(user)));
  return { count: Number(row?.count ?? 0) };
}

/** A stored message as this reader sees it. */
export function toApiMessage(access: ThreadAccess, row: MessageRow, isReported: boolean): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderUserId: row.senderUserId,
    senderName: senderNameIn(access, row.senderUserId),
    isMine: row.senderUserId === access.user.id,
    body: textForReader(access, access.relation, row.body),
    photoUrl: photoUrlOf(row),
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    isReported,
  };
}

/** Reported by the caller (a participant), or by anyone (an admin). */
function reportedSql(access: ThreadAccess): SQL {
  const byCaller = access.relation === 'admin' ? sql`true` : eq(messageReports.reporterUserId, access.user.id);
  return exists(sql`(select 1 from ${messageReports} where ${messageReports.messageId} = ${messages.id} and ${byCaller})`);
}

/** The other side's read mark: for a support thread's user, the furthest any admin read. Null for an admin of a booking thread. */
async function otherPartyReadMark(db: Database, access: ThreadAccess): Promise<number | null> {
  const { booking, conversation, relation } = access;
  let readers: SQL;
  if (booking) {
    if (relation === 'admin') return null;
    readers = eq(conversationReads.userId, relation === 'customer' ? booking.detailerUserId : booking.customerId);
  } else {
    readers =
      relation === 'admin'
        ? eq(conversationReads.userId, conversation.supportUserId!)
        : ne(conversationReads.userId, conversation.supportUserId!);
  }
  const [row] = await db
    .select({ id: sql<number | null>`max(${conversationReads.lastReadMessageId})`.mapWith(Number) })
    .from(conversationReads)
    .where(and(eq(conversationReads.conversationId, conversation.id), readers));
  return row?.id ?? null;
}

/** GET /api/conversations/:id: a page of 50 messages, oldest first, before the message named (the newest without one). */
export async function getConversationThread(
  db: Database,
  actor: Actor,
  now: Date,
  conversationId: number,
  query: ConversationThreadQuery,
): Promise<ConversationThread> {
  const user = requireUser(actor);
  const access = await requireThreadAccess(db, user, conversationId);
  const rows = await db
    .select({ message: messages, isReported: sql`${reportedSql(access)}`.mapWith(Boolean) })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), query.before === undefined ? undefined : lt(messages.id, query.before)))
    .orderBy(desc(messages.id))
    .limit(messagesPageSize + 1);
  const page = rows.slice(0, messagesPageSize).reverse();
  const [conversation] = await summariesFor(db, user, [conversationId], now);
  const lastRead = await otherPartyReadMark(db, access);
  return {
    conversation: conversation!,
    messages: page.map((row) => toApiMessage(access, row.message, row.isReported)),
    otherPartyLastReadMessageId: lastRead || null,
    hasMore: rows.length > messagesPageSize,
  };
}

/** GET /api/admin/conversations: every thread, filtered by booking, by participant, or to those with reports. */
export async function listConversationsForAdmin(db: Database, actor: Actor, query: AdminConversationsQuery): Promise<AdminConversation[]> {
  requireRole(actor, 'admin');
  const reportedMessages = db
    .select({ messageId: messageReports.messageId })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .where(eq(messages.conversationId, conversations.id));
  const conditions: (SQL | undefined)[] = [
    query.bookingId === undefined ? undefined : eq(conversations.bookingId, query.bookingId),
    query.userId === undefined
      ? undefined
      : or(eq(conversations.supportUserId, query.userId), eq(bookings.customerId, query.userId), eq(detailers.userId, query.userId)),
    query.reported ? exists(reportedMessages) : undefined,
  ];
  const rows = await participatingConversations(db)
    .where(and(...conditions))
    .orderBy(...activityOrder)
    .limit(adminConversationsLimit);
  const ids = rows.map((row) => row.id);
  const contexts = await loadConversationContexts(db, ids);
  const lastMessages = await lastMessagesOf(db, ids);
  const reportCounts = new Map<number, number>();
  if (ids.length > 0) {
    const counts = await db
      .select({ conversationId: messages.conversationId, count: sql<number>`count(distinct ${messages.id})`.mapWith(Number) })
      .from(messageReports)
      .innerJoin(messages, eq(messages.id, messageReports.messageId))
      .where(inArray(messages.conversationId, ids))
      .groupBy(messages.conversationId);
    for (const row of counts) reportCounts.set(row.conversationId, row.count);
  }
  return ids.map((id) => {
    const context = contexts.get(id)!;
    const { conversation, booking } = context;
    return {
      id,
      kind: conversation.kind,
      bookingId: conversation.bookingId,
      participants: booking
        ? [
            { userId: booking.customerId, name: booking.customerName },
            { userId: booking.detailerUserId, name: booking.businessName },
          ]
        : [{ userId: conversation.supportUserId!, name: context.supportUserName ?? '' }],
      booking: booking
        ? { serviceName: booking.serviceName, startsAt: booking.startsAt.toISOString(), timeZone: booking.timeZone, status: booking.status }
        : null,
      lastMessage: lastMessageFor(context, 'admin', lastMessages.get(id)),
      lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
      reportedMessageCount: reportCounts.get(id) ?? 0,
    };
  });
}
