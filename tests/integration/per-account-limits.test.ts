import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxStreamsPerAccount, tooManyStreamsMessage } from '../../server/notifications/realtime-plugin.ts';
import { createCustomer } from '../factories/index.ts';
import { openSseClient, type SseClient } from './sse-client.ts';
import { createTestApp, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

// Issue 38: one account sent 149 photo messages a minute and opened 500 live streams. Limits per account.
describe.each(databaseKinds)('limits per account on %s', (kind) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('takes 30 uploads per 10 minutes from one account, then 429; another account is not held back', async () => {
    const [me, other] = [await createCustomer(t.ctx), await createCustomer(t.ctx)];
    const [mine, theirs] = [await signedInCookie(t.db, me), await signedInCookie(t.db, other)];
    // Not a form: each is refused (400), and each counts.
    const post = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/uploads', payload: { not: 'a form' }, headers: { cookie } });
    const statuses: number[] = [];
    for (let n = 0; n < 31; n++) statuses.push((await post(mine)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await post(theirs)).statusCode).not.toBe(429);
  });

  it('takes 60 messages a minute from one account, then 429', async () => {
    const me = await createCustomer(t.ctx);
    const cookie = await signedInCookie(t.db, me);
    const send = () => t.app.inject({ method: 'POST', url: '/api/conversations/999999/messages', payload: { body: 'hi', clientId: 'x' }, headers: { cookie } });
    const statuses: number[] = [];
    for (let n = 0; n < 61; n++) statuses.push((await send()).statusCode);
    expect(statuses.slice(0, 60).every((status) => status !== 429)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it(`holds at most ${maxStreamsPerAccount} live streams per account; a closed one frees its place`, async () => {
    const me = await createCustomer(t.ctx);
    const cookie = await signedInCookie(t.db, me);
    const streams: SseClient[] = [];
    try {
      for (let n = 0; n < maxStreamsPerAccount; n++) streams.push(await openSseClient(`${url}/api/notifications/stream`, cookie));
      const refused = await fetch(`${url}/api/notifications/stream`, { headers: { cookie, accept: 'text/event-stream' } });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ message: tooManyStreamsMessage });
      // Someone else still gets theirs.
      const other = await createCustomer(t.ctx);
      streams.push(await openSseClient(`${url}/api/notifications/stream`, await signedInCookie(t.db, other)));
      await streams.shift()!.close();
      await expect.poll(() => t.app.realtime.connectionCount(), { timeout: 10_000 }).toBe(maxStreamsPerAccount);
      streams.push(await openSseClient(`${url}/api/notifications/stream`, cookie));
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});
