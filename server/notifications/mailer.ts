import nodemailer, { type Transporter } from 'nodemailer';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { outboxEmails } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

/** `html`, when present, goes as the HTML alternative of the same message (a campaign's links and open pixel). */
export type Email = { to: string; subject: string; text: string; html?: string };

/** The slice of a logger the mailer needs (Fastify's and pino's fit). */
export type MailLog = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
};

/** Hands one email to the relay; throws when the relay is down or refuses. */
export type SendMail = (email: Email) => Promise<void>;

export type MailDeliveryResult = { sent: number; failed: number; gaveUp: number };

export type Mailer = {
  /** Queues the email (the outbox row) and returns at once; with SMTP a delivery pass starts in the background. */
  send: (db: Database, email: Email) => Promise<{ id: number; queued: boolean }>;
  /**
   * Starts a delivery pass in the background, as send() does outside a transaction: for emails queued inside one,
   * once it has committed. Nothing without SMTP.
   */
  deliverSoon: (db: Database) => void;
  /** One delivery pass over the due rows (the job's pass; tests run it by hand). */
  deliverDue: (db: Database, now: Date) => Promise<MailDeliveryResult>;
  /** Resolves once the background pass started by send() has finished (the app waits for it on close). */
  settled: () => Promise<void>;
};

/** Delivery gives up after this many tries, keeping the last error on the row. */
export const maxMailAttempts = 6;
/** A claimed row is due again after this long if its instance died while sending it. */
export const mailClaimLeaseMs = 2 * 60_000;
const mailBatchSize = 20;

/** 1, 4, 16, 64 minutes, then 4 hours 16 minutes (at most 6 hours) after the failed try of that number. */
export const mailRetryDelayMs = (attempts: number) => Math.min(60_000 * 4 ** (attempts - 1), 6 * 3_600_000);

/** What the log may say about an email: never its text, which holds single-use links. */
export const mailLogFields = (id: number, email: Email) => ({
  outboxId: id,
  toDomain: email.to.slice(email.to.lastIndexOf('@') + 1),
  subject: email.subject,
});

/** How long a relay may take to accept the connection, to greet, and to answer at all once talking. */
export const smtpTimeouts = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/**
 * The relay's URL with the timeouts as transport options (query parameters nodemailer reads), unless the URL sets
 * its own. Given as createTransport's second argument they were message defaults, which nodemailer ignores: a
 * relay that never greeted held each send 30 s, its own default.
 */
export function smtpTransportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(smtpTimeouts)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

/** The mailer's SMTP transport, made on its first email and kept as long as the mailer (one per app, built in buildApp). */
export function smtpSender(smtpUrl: string, from: string): SendMail {
  let transport: Transporter | undefined;
  return async (email) => {
    transport ??= nodemailer.createTransport(smtpTransportUrl(smtpUrl), { from });
    await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, ...(email.html ? { html: email.html } : {}) });
  };
}

/**
 * One pass of the mail queue: claims the due rows (FOR UPDATE SKIP LOCKED, so instances running it at once
 * take different rows, and the claim pushes next_attempt_at out by a lease), then sends each outside any
 * transaction. A failure is retried with backoff, up to maxMailAttempts, and its error kept in last_error.
 */
export async function deliverDueEmails(
  db: Database,
  now: Date,
  sendMail: SendMail,
  log: MailLog,
  clock: Clock = { now: () => new Date() },
): Promise<MailDeliveryResult> {
  const result: MailDeliveryResult = { sent: 0, failed: 0, gaveUp: 0 };
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(lte(outboxEmails.nextAttemptAt, now))
    .orderBy(asc(outboxEmails.nextAttemptAt), asc(outboxEmails.id))
    .limit(mailBatchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + mailClaimLeaseMs) })
    .where(inArray(outboxEmails.id, due))
    .returning();
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const email: Email = { to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) };
    const stillClaimed = and(eq(outboxEmails.id, row.id), isNull(outboxEmails.sentAt));
    try {
      await sendMail(email);
      await db.update(outboxEmails).set({ sentAt: clock.now(), nextAttemptAt: null, lastError: null }).where(stillClaimed);
      log.info(mailLogFields(row.id, email), 'email sent');
      result.sent += 1;
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const givesUp = row.attempts >= maxMailAttempts;
      const nextAttemptAt = givesUp ? null : new Date(clock.now().getTime() + mailRetryDelayMs(row.attempts));
      await db.update(outboxEmails).set({ nextAttemptAt, lastError }).where(stillClaimed);
      log.warn(
        { ...mailLogFields(row.id, email), attempts: row.attempts, lastError, givesUp },
        givesUp ? 'email not delivered; giving up' : 'email not delivered; will retry',
      );
      if (givesUp) result.gaveUp += 1;
      else result.failed += 1;
    }
  }
  return result;
}

/**
 * Every email is a row of the outbox: without SMTP_URL it is only recorded there (development, tests); with it
 * the row is queued and delivered by a pass started right away and by the mail-delivery job, so no request waits
 * for the relay and a relay that is down costs retries, not errors.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: MailLog; clock: Clock; sendMail?: SendMail }): Mailer {
  const sendMail = options.sendMail ?? (options.smtpUrl ? smtpSender(options.smtpUrl, options.from) : undefined);
  const deliverDue = (db: Database, now: Date) =>
    sendMail ? deliverDueEmails(db, now, sendMail, options.log, options.clock) : Promise.resolve({ sent: 0, failed: 0, gaveUp: 0 });

  // One background pass at a time; an email queued while it runs asks for one more pass.
  let running: Promise<void> | undefined;
  let isWanted = false;
  function kick(db: Database) {
    if (!sendMail) return;
    isWanted = true;
    running ??= (async () => {
      while (isWanted) {
        isWanted = false;
        await deliverDue(db, options.clock.now()).catch((error: unknown) => options.log.warn({ err: error }, 'mail delivery pass failed'));
      }
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    async send(db, email) {
      const [row] = await db
        .insert(outboxEmails)
        .values({ ...email, nextAttemptAt: sendMail ? options.clock.now() : null })
        .returning({ id: outboxEmails.id });
      const id = row!.id;
      options.log.info(mailLogFields(id, email), sendMail ? 'email queued' : 'email recorded in the outbox (no SMTP_URL)');
      // Inside a transaction the row is not visible until it commits: deliverSoon() after the commit, or the job, sends it.
      if (!(db instanceof PgTransaction)) kick(db);
      return { id, queued: Boolean(sendMail) };
    },
    deliverSoon: kick,
    deliverDue,
    settled: () => running ?? Promise.resolve(),
  };
}
