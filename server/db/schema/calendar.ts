import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { detailers } from './catalog.ts';

/**
 * A detailer's private calendar feed (decision 044): the SHA-256 of its random token, never the token itself. One per
 * detailer; a reset replaces the hash, so the old address stops working at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    detailerId: integer('detailer_id')
      .primaryKey()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** When a calendar app last fetched it: the detailer sees that their subscription works. */
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  },
  (t) => [check('calendar_feeds_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`)],
);
