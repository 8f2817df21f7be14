import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Quoted-printable soft breaks and escapes undone, so a link in the message reads as sent. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export type Mailbox = { url: string; messages: string[]; close: () => Promise<void> };

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, decoded (the integration tests and the
 * e2e auth spec point the app's SMTP_URL at it). `port` 0, the default, takes a free one.
 */
export async function startMailbox(port = 0): Promise<Mailbox> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        messages.push(decodeQuotedPrintable(data));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const { port: listening } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${listening}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
