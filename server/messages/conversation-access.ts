import { and, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { detailerSeesBooking, isFinalStatus, type BookingStatus } from '@core/domain/booking-status.ts';
import { bookingHidesContacts, maskContactDetails } from '@core/domain/contact-masking.ts';
import { notFound } from '@core/errors.ts';
import { supportSenderName, type ConversationSummary } from '@core/schemas/message.ts';
import { requestedEventSql } from '../bookings/booking-records.ts';
import type { LiveAudience } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookingEvents, bookings, conversations, detailers, services, users } from '../db/schema.ts';
import type { UserRow } from '../identity/user-service.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/** What a booking thread's readers need of its booking, loaded with the thread. */
export type ThreadBooking = {
  id: number;
  status: BookingStatus;
  startsAt: Date;
  /** The detailer's zone: the clock of the booking's slot. */
  timeZone: string;
  serviceName: string;
  customerId: number;
  customerName: string;
  detailerUserId: number;
  businessName: string;
  avatarUrl: string | null;
  everRequested: boolean;
  everAccepted: boolean;
  /** The booking's last event: a thread closes a week after an ended booking's last one. */
  lastEventAt: Date | null;
};

/** A thread with everything access, display names and masking are decided from. */
export type ConversationContext = {
  conversation: ConversationRow;
  booking: ThreadBooking | null;
  /** The support thread's user's name; null for a booking thread. */
  supportUserName: string | null;
};

/** The caller's place in a thread: a participant (customer, detailer, the support thread's user) or an admin. */
export type ThreadRelation = 'customer' | 'detailer' | 'support_user' | 'admin';

/** A booking thread closes this long after its booking ended. */
export const closedAfterMs = 7 * 24 * 60 * 60 * 1000;

const customerUsers = alias(users, 'customer_user');
const supportUsers = alias(users, 'support_user');

/**
 * What a thread needs of its booking's history, in one pass over the booking's events (a lateral aggregate; three
 * correlated subqueries made this the dearest statement of a message send, issue 40): whether it was ever requested
 * (bookings' requestedEventSql, the event everRequestedSql looks for) and ever accepted, and when its last
 * event was. A thread without a booking aggregates no events: false, false, null.
 */
function bookingHistoryOf(db: Database) {
  const everHad = (event: SQL) => sql<boolean>`coalesce(bool_or(${event}), false)`;
  return db
    .select({
      everRequested: everHad(requestedEventSql).as('ever_requested'),
      everAccepted: everHad(eq(bookingEvents.toStatus, 'accepted')).as('ever_accepted'),
      lastEventAt: max(bookingEvents.createdAt).as('last_event_at'),
    })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookings.id))
    .as('booking_history');
}

/** Several threads with their bookings and names, in one query (a list must not cost a query per thread). */
export async function loadConversationContexts(db: Database, ids: readonly number[]): Promise<Map<number, ConversationContext>> {
  const contexts = new Map<number, ConversationContext>();
  if (ids.length === 0) return contexts;
  const history = bookingHistoryOf(db);
  const rows = await db
    .select({
      conversation: conversations,
      supportUserName: supportUsers.name,
      bookingId: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      timeZone: detailers.timeZone,
      serviceName: services.name,
      customerId: bookings.customerId,
      customerName: customerUsers.name,
      detailerUserId: detailers.userId,
      businessName: detailers.businessName,
      avatarUrl: detailers.avatarUrl,
      everRequested: history.everRequested,
      everAccepted: history.everAccepted,
      lastEventAt: history.lastEventAt,
    })
    .from(conversations)
    .leftJoin(bookings, eq(bookings.id, conversations.bookingId))
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(detailers, eq(detailers.id, bookings.detailerId))
    .leftJoin(customerUsers, eq(customerUsers.id, bookings.customerId))
    .leftJoin(supportUsers, eq(supportUsers.id, conversations.supportUserId))
    .leftJoinLateral(history, sql`true`)
    .where(inArray(conversations.id, [...ids]));
  for (const row of rows) {
    const booking: ThreadBooking | null =
      row.bookingId === null
        ? null
        : {
            id: row.bookingId,
            status: row.status!,
            startsAt: row.startsAt!,
            timeZone: row.timeZone!,
            serviceName: row.serviceName!,
            customerId: row.customerId!,
            customerName: row.customerName!,
            detailerUserId: row.detailerUserId!,
            businessName: row.businessName!,
            avatarUrl: row.avatarUrl,
            everRequested: row.everRequested,
            everAccepted: row.everAccepted,
            lastEventAt: row.lastEventAt,
          };
    contexts.set(row.conversation.id, { conversation: row.conversation, booking, supportUserName: row.supportUserName });
  }
  return contexts;
}

/** Whether the booking's detailer may see the thread: only once the booking was requested (a never-paid hold is not theirs). */
const detailerSeesThread = (booking: ThreadBooking) => detailerSeesBooking(booking.status, booking.everRequested);

/** The caller's place in the thread, or null when it is not theirs to see. */
export function relationTo(context: ConversationContext, user: UserRow): ThreadRelation | null {
  const { conversation, booking } = context;
  if (booking) {
    if (booking.customerId === user.id) return 'customer';
    if (booking.detailerUserId === user.id && detailerSeesThread(booking)) return 'detailer';
  } else if (conversation.supportUserId === user.id) {
    return 'support_user';
  }
  return user.role === 'admin' ? 'admin' : null;
}

export type ThreadAccess = ConversationContext & { relation: ThreadRelation; user: UserRow };

/** Loads a thread the user may see; anyone else gets the same 404 as for a thread that does not exist. */
export async function requireThreadAccess(
  db: Database,
  user: UserRow,
  conversationId: number,
  missing = 'Conversation not found',
): Promise<ThreadAccess> {
  const context = (await loadConversationContexts(db, [conversationId])).get(conversationId);
  const relation = context ? relationTo(context, user) : null;
  if (!context || !relation) throw notFound(missing);
  return { ...context, relation, user };
}

/** A booking thread a week after its booking ended; a support thread never closes. */
export function isReadOnly(context: ConversationContext, now: Date): boolean {
  const { booking } = context;
  if (!booking || !isFinalStatus(booking.status)) return false;
  const endedAt = booking.lastEventAt ?? booking.startsAt;
  return now.getTime() - endedAt.getTime() >= closedAfterMs;
}

/** The text as this reader sees it: a booking's parties read contact details hidden until it is accepted; admins read all. */
export function textForReader(context: ConversationContext, relation: ThreadRelation, text: string): string {
  return relation === 'admin' ? text : textForParticipants(context, text);
}

/** The text as the thread's participants read it (contact details hidden in a booking's thread until it is accepted). */
export function textForParticipants(context: ConversationContext, text: string): string {
  const { booking } = context;
  if (!booking || !bookingHidesContacts(booking.status, booking.everAccepted)) return text;
  return maskContactDetails(text);
}

/** How a sender is named in the thread: the customer by name, the detailer by business, an admin as Glossly Support. */
export function senderNameIn(context: ConversationContext, senderUserId: number): string {
  const { booking } = context;
  if (booking) {
    if (senderUserId === booking.customerId) return booking.customerName;
    if (senderUserId === booking.detailerUserId) return booking.businessName;
    return supportSenderName;
  }
  return senderUserId === context.conversation.supportUserId ? (context.supportUserName ?? '') : supportSenderName;
}

export function otherPartyOf(context: ConversationContext, relation: ThreadRelation): ConversationSummary['otherParty'] {
  const { booking } = context;
  if (!booking) return { name: relation === 'admin' ? (context.supportUserName ?? '') : supportSenderName, avatarUrl: null };
  if (relation === 'customer') return { name: booking.businessName, avatarUrl: booking.avatarUrl };
  if (relation === 'detailer') return { name: booking.customerName, avatarUrl: null };
  return { name: `${booking.customerName} and ${booking.businessName}`, avatarUrl: null };
}

/** The thread's participants who may see it now (a detailer only once the booking was requested). */
export function participantIds(context: ConversationContext): number[] {
  const { booking } = context;
  if (!booking) return [context.conversation.supportUserId!];
  return detailerSeesThread(booking) ? [booking.customerId, booking.detailerUserId] : [booking.customerId];
}

/** Who hears a thread's live changes: its participants, and admins for a support thread (decision 018). */
export function threadAudience(context: ConversationContext): LiveAudience {
  return { userIds: participantIds(context), roles: context.booking ? [] : ['admin'] };
}

/** The admins, who receive a support thread's messages from its user. */
export async function activeAdminIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isDisabled, false)));
  return rows.map((row) => row.id);
}
