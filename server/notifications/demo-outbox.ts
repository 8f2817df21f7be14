import { desc, gte, sql } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import { demoOutboxWindowMs, type DemoOutbox } from '@core/schemas/demo-outbox.ts';
import { isDemoOutboxOpen, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { outboxEmails } from '../db/schema.ts';

/** The most the page lists: a demo's hour never sends more, and a flood of sign-ups cannot make the answer large. */
const demoOutboxLimit = 50;

/**
 * GET /api/demo/outbox: the mails of the last hour, newest first, to anyone asking (a new user is not signed in yet;
 * the demo's accounts have a published password anyway). Off demo mode or in production it answers 404, as a route
 * that is not there would.
 */
export async function listDemoOutbox(db: Database, config: Pick<Config, 'DEMO_MODE' | 'NODE_ENV'>): Promise<DemoOutbox> {
  if (!isDemoOutboxOpen(config)) throw notFound('Not found');
  const rows = await db
    .select({
      id: outboxEmails.id,
      to: outboxEmails.to,
      subject: outboxEmails.subject,
      text: outboxEmails.text,
      createdAt: outboxEmails.createdAt,
    })
    .from(outboxEmails)
    // The database's own clock, the one that stamped each row's created_at.
    .where(gte(outboxEmails.createdAt, sql`now() - ${demoOutboxWindowMs} * interval '1 millisecond'`))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(demoOutboxLimit);
  return { emails: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
