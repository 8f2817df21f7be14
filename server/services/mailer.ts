import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { outboxEmails } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

export type Email = { to: string; subject: string; text: string };

/** The slice of a logger the mailer needs (Fastify's and pino's fit). */
export type MailLog = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
};

export type Mailer = { send: (db: Database, email: Email) => Promise<{ id: number; delivered: boolean }> };

/**
 * Every email lands in the outbox table and the log; with SMTP_URL it also goes out through SMTP.
 * A relay that is down or refuses is logged and never fails the request that sent the email.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: MailLog; clock: Clock }): Mailer {
  let transport: Transporter | undefined;
  const smtp = () =>
    (transport ??= nodemailer.createTransport(options.smtpUrl!, {
      from: options.from,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    }));

  return {
    async send(db, email) {
      const [row] = await db.insert(outboxEmails).values(email).returning({ id: outboxEmails.id });
      const id = row!.id;
      options.log.info({ outboxId: id, to: email.to, subject: email.subject, text: email.text }, 'email recorded in the outbox');
      if (!options.smtpUrl) return { id, delivered: false };
      try {
        await smtp().sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text });
        await db.update(outboxEmails).set({ sentAt: options.clock.now() }).where(eq(outboxEmails.id, id));
        return { id, delivered: true };
      } catch (error) {
        options.log.warn({ outboxId: id, err: error }, 'SMTP delivery failed; the email stays in the outbox');
        return { id, delivered: false };
      }
    },
  };
}
