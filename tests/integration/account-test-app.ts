import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { uploads, users } from '../../server/db/schema.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';
import { createTestApp, createTestClock, signedInCookie, type DatabaseKind, type TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The app of the account tests, with its SMTP relay pointed at a real local mailbox, and their helpers; set up and
 * closed by the calling describe block.
 */
export function useAccountTestApp(kind: DatabaseKind) {
  let t: TestApp;
  let mailbox: Mailbox;
  const clock = createTestClock();

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp(kind, { clock, env: { SMTP_URL: mailbox.url } });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  /** A request with the given Cookie header (or none). */
  const call = (cookie: string | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** A new session of the user, as if they had signed in on another device. */
  const sessionOf = (user: { id: number }) => signedInCookie(t.db, user, clock.now());

  const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** An upload row owned by the user (the image itself is not needed to attach it). */
  async function uploadOf(user: { id: number }) {
    const [row] = await t.db
      .insert(uploads)
      .values({
        ownerUserId: user.id,
        storageKey: `test/${randomBytes(6).toString('hex')}`,
        widths: [320],
        width: 320,
        height: 320,
        byteSize: 1000,
      })
      .returning();
    return row!;
  }

  /** The first message the mailbox received for this address, once it has arrived (the queue sends in the background). */
  async function mailTo(address: string, subject: string, timeoutMs = 10_000): Promise<string> {
    const started = Date.now();
    for (;;) {
      const found = mailbox.messages.find((message) => message.includes(`To: ${address}`) && message.includes(subject));
      if (found) return found;
      if (Date.now() - started > timeoutMs) throw new Error(`no '${subject}' mail to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const mailsTo = (address: string) => mailbox.messages.filter((message) => message.includes(`To: ${address}`));

  return {
    clock,
    call,
    sessionOf,
    userRow,
    uploadOf,
    mailTo,
    mailsTo,
    get t() {
      return t;
    },
    get mailbox() {
      return mailbox;
    },
  };
}

/** The token of an email-change link in a mail. */
export const emailChangeTokenOf = (mail: string) => /\/confirm-email\?token=([\w-]+)/.exec(mail)![1]!;
