import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { outboxEmails } from '../../server/db/schema.ts';
import { runMailDelivery } from '../../server/notifications/mail-delivery-job.ts';
import { createMailer, mailRetryDelayMs, maxMailAttempts, type Email } from '../../server/notifications/mailer.ts';
import { createCustomer } from '../factories/index.ts';
import { startMailbox } from './mailbox.ts';
import { createTestApp, createTestClock, createTestDatabase, databaseKinds, type TestApp } from './test-app.ts';

const tokenOf = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)![1]!;
const silentLog = { info: () => {}, warn: () => {} };

/** An SMTP peer that accepts connections and never says a word (a relay that hangs). */
async function startSilentSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(databaseKinds)('emails with links on %s', (kind) => {
  it('the log of a forgot-password request holds the outbox id and subject, never the text or the token', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase(kind);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const app = await buildApp({ config, database, logStream: { write: (line: string) => lines.push(line) } });
    try {
      const user = await createCustomer(app.ctx);
      const response = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      expect(response.statusCode).toBe(200);
      const [email] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
      const token = tokenOf(email!.text);
      const log = lines.join('');
      expect(log).toContain(`"outboxId":${email!.id}`);
      expect(log).toContain('Reset your Glossly password');
      expect(log).not.toContain(token);
      expect(log).not.toContain('reset-password?token');
      expect(log).not.toContain(user.email);
    } finally {
      await app.close();
      await database.close();
    }
  });

  describe('with a relay that never answers', () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startSilentSmtp>>;
    const clock = createTestClock();

    beforeAll(async () => {
      smtp = await startSilentSmtp();
      t = await createTestApp(kind, { clock, env: { SMTP_URL: smtp.url } });
    });
    afterAll(async () => {
      await smtp.close();
      await t.close();
    });

    it('forgot-password answers well under a second for a real account, like an unknown one, and queues the email', async () => {
      const user = await createCustomer(t.ctx);
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
        return { response, ms: performance.now() - started };
      };
      const unknown = await timed('nobody-queued@example.com');
      const known = await timed(user.email);
      expect(known.response.statusCode).toBe(200);
      expect(known.response.body).toBe(unknown.response.body);
      expect(known.ms).toBeLessThan(500);
      expect(known.ms).toBeLessThan(unknown.ms + 300);
      const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
      expect(row).toMatchObject({ sentAt: null });
      expect(row!.nextAttemptAt).not.toBeNull();
    });
  });

  describe('the delivery worker', () => {
    let t: TestApp;
    let mailbox: Awaited<ReturnType<typeof startMailbox>>;
    const clock = createTestClock();

    beforeAll(async () => {
      mailbox = await startMailbox();
      t = await createTestApp(kind, { clock, env: { SMTP_URL: mailbox.url } });
    });
    afterAll(async () => {
      await t.close();
      await mailbox.close();
    });
    afterEach(async () => {
      // Nothing of one test stays due for the next.
      await t.db.update(outboxEmails).set({ nextAttemptAt: null });
    });

    it('delivers a queued email through SMTP right after the request, and marks it sent', async () => {
      const user = await createCustomer(t.ctx);
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      await expect.poll(() => mailbox.messages.find((m) => m.includes(`To: ${user.email}`)), { timeout: 10_000 }).toBeTruthy();
      await expect
        .poll(async () => (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email)))[0]!.sentAt, { timeout: 5_000 })
        .not.toBeNull();
      const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
      expect(row).toMatchObject({ attempts: 1, nextAttemptAt: null, lastError: null });
      expect(mailbox.messages.find((m) => m.includes(`To: ${user.email}`))).toContain(`/reset-password?token=${tokenOf(row!.text)}`);
    });

    it('delivers an email with html as multipart/alternative carrying both the text and the HTML part', async () => {
      const to = `html-${Date.now()}@example.com`;
      const { id } = await t.ctx.mailer.send(t.db, {
        to,
        subject: 'Both parts',
        text: 'Plain words here',
        html: '<p>Rich <b>words</b> here</p>',
      });
      await expect.poll(() => mailbox.messages.find((m) => m.includes(`To: ${to}`)), { timeout: 10_000 }).toBeTruthy();
      const message = mailbox.messages.find((m) => m.includes(`To: ${to}`))!;
      expect(message).toMatch(/Content-Type: multipart\/alternative;/i);
      expect(message).toMatch(/Content-Type: text\/plain[\s\S]*Plain words here/i);
      expect(message).toMatch(/Content-Type: text\/html[\s\S]*<p>Rich <b>words<\/b> here<\/p>/i);
      await expect
        .poll(async () => (await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!.sentAt, { timeout: 5_000 })
        .not.toBeNull();
      // A text-only email stays a single text part.
      const plainTo = `plain-${Date.now()}@example.com`;
      await t.ctx.mailer.send(t.db, { to: plainTo, subject: 'One part', text: 'Only text' });
      await expect.poll(() => mailbox.messages.find((m) => m.includes(`To: ${plainTo}`)), { timeout: 10_000 }).toBeTruthy();
      const plain = mailbox.messages.find((m) => m.includes(`To: ${plainTo}`))!;
      expect(plain).not.toMatch(/multipart|text\/html/i);
      expect(plain).toMatch(/Content-Type: text\/plain/i);
    });

    it('retries a failed email with backoff, records the error, and gives up after the last attempt', async () => {
      let calls = 0;
      const failing = createMailer({
        from: 'Glossly <no-reply@glossly.local>',
        log: silentLog,
        clock,
        sendMail: async () => {
          calls += 1;
          throw new Error('451 relay busy');
        },
      });
      const { id } = await failing.send(t.db, { to: 'retry@example.com', subject: 'Retry me', text: 'secret link' });
      await failing.settled();
      const read = async () => (await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;
      let row = await read();
      expect(row).toMatchObject({ attempts: 1, lastError: '451 relay busy', sentAt: null });
      expect(row.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + mailRetryDelayMs(1));
      // Not due yet: a pass now leaves it alone.
      expect(await runMailDelivery(t.db, clock.now(), failing)).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
      for (let attempt = 2; attempt <= maxMailAttempts; attempt += 1) {
        clock.set(row.nextAttemptAt!);
        const result = await runMailDelivery(t.db, clock.now(), failing);
        row = await read();
        expect(row.attempts).toBe(attempt);
        expect(result).toEqual(attempt === maxMailAttempts ? { sent: 0, failed: 0, gaveUp: 1 } : { sent: 0, failed: 1, gaveUp: 0 });
      }
      expect(row).toMatchObject({ attempts: maxMailAttempts, nextAttemptAt: null, lastError: '451 relay busy', sentAt: null });
      expect(calls).toBe(maxMailAttempts);
      clock.advance(24 * 3_600_000);
      expect(await runMailDelivery(t.db, clock.now(), failing)).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    });

    it('two passes running at once send each due email once (FOR UPDATE SKIP LOCKED)', async () => {
      const sent: Email[] = [];
      const slow = createMailer({
        from: 'x',
        log: silentLog,
        clock,
        sendMail: async (email) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          sent.push(email);
        },
      });
      const ids: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const [row] = await t.db
          .insert(outboxEmails)
          .values({ to: `pass-${i}@example.com`, subject: 'Once', text: 'x', nextAttemptAt: clock.now() })
          .returning({ id: outboxEmails.id });
        ids.push(row!.id);
      }
      const results = await Promise.all([runMailDelivery(t.db, clock.now(), slow), runMailDelivery(t.db, clock.now(), slow)]);
      expect(results[0]!.sent + results[1]!.sent).toBe(6);
      expect(sent.map((email) => email.to).sort()).toEqual(ids.map((_, i) => `pass-${i}@example.com`).sort());
      const rows = await t.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(6);
      expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    });
  });
});
