import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dateInZone } from '@core/domain/time-slots.ts';
import { badgeLabels, isBadgeCurrent, responseWindowDays, typicalResponseHours, type DocumentKind } from '@core/domain/trust.ts';
import type { Database } from '../db/client.ts';
import { bookingEvents, bookings, detailerDocuments, detailers, users } from '../db/schema.ts';

// The figures on a detailer's page (decision 050), each computed here from the rows and nowhere else.

/** Jobs completed on Glossly. */
export async function detailerJobsCompleted(db: Database, detailerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.detailerId, detailerId), eq(bookings.status, 'completed')));
  return Number(row?.n ?? 0);
}

const requested = alias(bookingEvents, 'requested_event');
const answered = alias(bookingEvents, 'answered_event');

/**
 * Typical response time: the median wait, in whole hours, from a paid request to the detailer's accept or decline,
 * over the requests answered in the last 90 days; null below three (instant bookings are answered by nobody).
 */
export async function detailerResponseHours(db: Database, detailerId: number, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - responseWindowDays * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({ requestedAt: requested.createdAt, answeredAt: answered.createdAt })
    .from(bookings)
    .innerJoin(requested, and(eq(requested.bookingId, bookings.id), eq(requested.toStatus, 'requested')))
    .innerJoin(answered, and(eq(answered.bookingId, bookings.id), inArray(answered.action, ['accept', 'decline'])))
    .where(and(eq(bookings.detailerId, detailerId), gte(answered.createdAt, since)));
  return typicalResponseHours(rows.map((row) => Math.max(0, row.answeredAt.getTime() - row.requestedAt.getTime())));
}

/** Member since: the month (YYYY-MM, in the detailer's zone) their account was made. */
export async function detailerMemberSince(db: Database, detailerId: number): Promise<string | null> {
  const [row] = await db
    .select({ createdAt: users.createdAt, timeZone: detailers.timeZone })
    .from(detailers)
    .innerJoin(users, eq(users.id, detailers.userId))
    .where(eq(detailers.id, detailerId));
  return row ? dateInZone(row.createdAt, row.timeZone).slice(0, 7) : null;
}

/** Badges granted and not expired today (in the detailer's zone): the latest expiry of each kind. */
export async function detailerBadges(
  db: Database,
  detailer: { id: number; timeZone: string },
  now: Date,
): Promise<{ kind: DocumentKind; label: string; expiresOn: string }[]> {
  const today = dateInZone(now, detailer.timeZone);
  const rows = await db
    .select({ kind: detailerDocuments.kind, expiresOn: detailerDocuments.expiresOn })
    .from(detailerDocuments)
    .where(
      and(eq(detailerDocuments.detailerId, detailer.id), eq(detailerDocuments.status, 'granted'), gte(detailerDocuments.expiresOn, today)),
    );
  const latest = new Map<DocumentKind, string>();
  for (const row of rows) {
    if (isBadgeCurrent(row.expiresOn, today) && row.expiresOn > (latest.get(row.kind) ?? '')) latest.set(row.kind, row.expiresOn);
  }
  return [...latest].sort(([a], [b]) => a.localeCompare(b)).map(([kind, expiresOn]) => ({ kind, label: badgeLabels[kind], expiresOn }));
}
