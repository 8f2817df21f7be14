import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestDatabase, databaseKinds, signedInCookie } from './test-app.ts';

/**
 * Issue 40: on PGlite every statement is time on the server's one event loop that every other request waits for, so
 * what a message send costs the database is counted here (a count, not a timing: it holds on any machine). The
 * request itself: the session, the thread with its booking (its history in one lateral aggregate), the message with
 * the thread's time and the sender's read mark (one statement), and the recipient's settings, notice and outbox row
 * (one statement, notifyMany). After commit, its delivery pass: the claim, the email leg marked with the address
 * read, the email queued, the row ended. Transaction control is not counted (PGlite runs BEGIN and COMMIT itself,
 * node-postgres through Drizzle).
 */
const requestBudget = 4;
const deliveryBudget = 4;

const transactionControl = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

describe.each(databaseKinds)('messages: the statements of one send on %s', (kind) => {
  const statements: string[] = [];
  let counting = false;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  let cookie: string;

  beforeAll(async () => {
    const logger = {
      logQuery: (query: string) => {
        if (counting && !transactionControl.test(query)) statements.push(query);
      },
    };
    database = await createTestDatabase(kind, { logger });
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
    const customer = await createCustomer(app.ctx, { password: undefined });
    const detailer = await createDetailer(app.ctx);
    const booking = await createBooking(app.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'requested',
      startsAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    });
    cookie = await signedInCookie(database.db, detailer.user);
    const opened = await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { bookingId: booking.id } });
    expect(opened.statusCode, opened.body).toBe(201);
    url = `/api/conversations/${(opened.json() as { id: number }).id}/messages`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it(`a text send makes at most ${requestBudget} statements, and its notice's push and email ${deliveryBudget} more`, async () => {
    // The first send of a thread is like the others; it is counted after one, so nothing first-time is included.
    await app.inject({ method: 'POST', url, headers: { cookie }, payload: { clientId: 'warm', body: 'On my way' } });
    await app.realtime.settled();

    statements.length = 0;
    counting = true;
    const sent = await app.inject({ method: 'POST', url, headers: { cookie }, payload: { clientId: 'counted', body: 'Ten minutes out' } });
    const inRequest = [...statements];
    await app.realtime.settled();
    counting = false;
    const afterCommit = statements.slice(inRequest.length);

    expect(sent.statusCode, sent.body).toBe(201);
    expect(inRequest.length, inRequest.join('\n')).toBeLessThanOrEqual(requestBudget);
    // The delivery pass did run (its email was queued): a count of zero would not be a saving.
    expect(
      afterCommit.some((query) => /insert into "outbox_emails"/.test(query)),
      afterCommit.join('\n'),
    ).toBe(true);
    expect(afterCommit.length, afterCommit.join('\n')).toBeLessThanOrEqual(deliveryBudget);
  });
});
