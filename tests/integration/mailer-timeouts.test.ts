import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSender, smtpTimeouts, smtpTransportUrl } from '../../server/notifications/mailer.ts';

// Issue 38: the connection, greeting and socket timeouts were given to nodemailer as message defaults and ignored.
describe('the SMTP transport timeouts', () => {
  const sockets = new Set<Socket>();
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // A relay that accepts the connection and never says a word.
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("go on the transport: a relay that never greets fails the send with the greeting timeout, not nodemailer's 30 s", async () => {
    const send = smtpSender(url, 'Glossly <no-reply@glossly.test>');
    // nodemailer's own greeting timeout is 30 s: the test's 20 s would run out first without ours (5 s).
    await expect(send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi' })).rejects.toThrow(/Greeting never received/);
  }, 20_000);

  it('keeps timeouts the relay URL sets itself', () => {
    const withOwn = new URL(smtpTransportUrl('smtp://user:pass@mail.example.com:587?greetingTimeout=20000'));
    expect(withOwn.searchParams.get('greetingTimeout')).toBe('20000');
    expect(withOwn.searchParams.get('connectionTimeout')).toBe(String(smtpTimeouts.connectionTimeout));
    expect(withOwn.searchParams.get('socketTimeout')).toBe(String(smtpTimeouts.socketTimeout));
    expect(`${withOwn.username}:${withOwn.password}@${withOwn.host}`).toBe('user:pass@mail.example.com:587');
  });
});
