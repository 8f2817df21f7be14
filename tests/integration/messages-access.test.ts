import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, ConversationThread, Message } from '@core/schemas/message.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { databaseKinds } from './test-app.ts';
import { photoField, pngPhoto, useMessagesTestApp } from './messages-test-app.ts';

type Caller = 'customer' | 'detailer' | 'otherCustomer' | 'otherDetailer' | 'admin' | 'signedOut';
const callers: Caller[] = ['customer', 'detailer', 'otherCustomer', 'otherDetailer', 'admin', 'signedOut'];

/**
 * Who may do what with a booking's thread and a support thread (decision 018's table): the booking's customer and
 * detailer read and write, an admin reads (and answers support), anyone else gets the 404 of a thread that does not
 * exist, and a signed-out caller 401, on every route.
 */
describe.each(databaseKinds)('messages: who may do what on %s', (kind) => {
  const m = useMessagesTestApp(kind);
  const { cast, call } = m;
  let conversationId: number;
  let customerMessage: Message;
  let detailerPhotoMessage: Message;

  const userOf = (caller: Caller): UserRow | null =>
    caller === 'signedOut'
      ? null
      : caller === 'detailer'
        ? cast.detailer.user
        : caller === 'otherDetailer'
          ? cast.otherDetailer.user
          : cast[caller];

  /** Each caller's status for the request `make(caller)` builds (every caller gets a fresh body: sends need new clientIds). */
  async function statuses(make: (caller: Caller) => { method: 'GET' | 'POST'; url: string; payload?: object }) {
    const seen: Partial<Record<Caller, number>> = {};
    for (const caller of callers) {
      const { method, url, payload } = make(caller);
      seen[caller] = (await call(userOf(caller), method, url, payload)).statusCode;
    }
    return seen;
  }

  beforeAll(async () => {
    const booking = await m.booking('requested');
    conversationId = await m.openThread(booking.id);
    customerMessage = await m.send(cast.customer, conversationId, 'Is the driveway OK?');
    detailerPhotoMessage = await m.send(cast.detailer.user, conversationId, 'Like this one', photoField(await pngPhoto()));
  });

  it('GET /api/conversations lists the thread for its customer and detailer only', async () => {
    for (const caller of callers) {
      const response = await call(userOf(caller), 'GET', '/api/conversations');
      if (caller === 'signedOut') {
        expect(response.statusCode).toBe(401);
        continue;
      }
      expect(response.statusCode).toBe(200);
      const ids = (response.json() as ConversationSummary[]).map((c) => c.id);
      expect(ids.includes(conversationId), caller).toBe(caller === 'customer' || caller === 'detailer');
    }
  });

  it('POST /api/conversations finds the thread for whoever may see the booking', async () => {
    const bookingId = (await m.booking('requested')).id;
    const seen = await statuses(() => ({ method: 'POST', url: '/api/conversations', payload: { bookingId } }));
    expect(seen).toEqual({ customer: 201, detailer: 200, otherCustomer: 404, otherDetailer: 404, admin: 200, signedOut: 401 });
  });

  it('two parties opening a new thread at once get the same one: one 201, one 200', async () => {
    const bookingId = (await m.booking('requested')).id;
    const [first, second] = await Promise.all(
      [cast.customer, cast.detailer.user].map((user) => call(user, 'POST', '/api/conversations', { bookingId })),
    );
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 201]);
    expect(first!.json().id).toBe(second!.json().id);
  });

  it('GET /api/conversations/unread-count answers every signed-in caller', async () => {
    const seen = await statuses(() => ({ method: 'GET', url: '/api/conversations/unread-count' }));
    expect(seen).toEqual({ customer: 200, detailer: 200, otherCustomer: 200, otherDetailer: 200, admin: 200, signedOut: 401 });
    expect((await call(cast.otherCustomer, 'GET', '/api/conversations/unread-count')).json()).toEqual({ count: 0 });
  });

  it('GET /api/conversations/:id reads for the parties and admins; 404 for anyone else', async () => {
    const seen = await statuses(() => ({ method: 'GET', url: `/api/conversations/${conversationId}` }));
    expect(seen).toEqual({ customer: 200, detailer: 200, otherCustomer: 404, otherDetailer: 404, admin: 200, signedOut: 401 });
    const refused = await call(cast.otherCustomer, 'GET', `/api/conversations/${conversationId}`);
    expect(refused.json()).toEqual({ code: 'not_found', message: 'Conversation not found' });
    const missing = await call(cast.customer, 'GET', '/api/conversations/2147483647');
    expect(missing.json()).toEqual(refused.json());
  });

  it('POST /api/conversations/:id/messages writes for the parties; an admin only reads a booking thread', async () => {
    let n = 0;
    const seen = await statuses(() => ({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { clientId: `matrix-${(n += 1)}`, body: 'Hello' },
    }));
    expect(seen).toEqual({ customer: 201, detailer: 201, otherCustomer: 404, otherDetailer: 404, admin: 403, signedOut: 401 });
  });

  it('POST /api/conversations/:id/read marks for the parties and admins', async () => {
    const seen = await statuses(() => ({
      method: 'POST',
      url: `/api/conversations/${conversationId}/read`,
      payload: { lastReadMessageId: customerMessage.id },
    }));
    expect(seen).toEqual({ customer: 204, detailer: 204, otherCustomer: 404, otherDetailer: 404, admin: 204, signedOut: 401 });
  });

  it('GET /api/messages/:id/photo serves the parties and admins, privately cached', async () => {
    const seen = await statuses(() => ({ method: 'GET', url: detailerPhotoMessage.photoUrl! }));
    expect(seen).toEqual({ customer: 200, detailer: 200, otherCustomer: 404, otherDetailer: 404, admin: 200, signedOut: 401 });
    const refused = await call(cast.otherDetailer.user, 'GET', detailerPhotoMessage.photoUrl!);
    expect(refused.json()).toEqual({ code: 'not_found', message: 'Message not found' });
    const photo = await call(cast.customer, 'GET', detailerPhotoMessage.photoUrl!);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toMatch(/^private/);
    // A message without a photo has none to serve.
    expect((await call(cast.customer, 'GET', `/api/messages/${customerMessage.id}/photo`)).json().message).toBe('Photo not found');
  });

  it("POST /api/messages/:id/report: the other party reports; not one's own message, not an admin", async () => {
    const seen = await statuses(() => ({ method: 'POST', url: `/api/messages/${customerMessage.id}/report`, payload: { reason: 'Rude' } }));
    expect(seen).toEqual({ customer: 403, detailer: 201, otherCustomer: 404, otherDetailer: 404, admin: 403, signedOut: 401 });
  });

  it('GET /api/admin/conversations is for admins only', async () => {
    const seen = await statuses(() => ({ method: 'GET', url: '/api/admin/conversations' }));
    expect(seen).toEqual({ customer: 403, detailer: 403, otherCustomer: 403, otherDetailer: 403, admin: 200, signedOut: 401 });
  });

  it("a hold that was never paid is not the detailer's: 404 to open, read or write", async () => {
    const hold = await m.booking('pending_payment');
    const id = await m.openThread(hold.id);
    await m.send(cast.customer, id, 'Can you bring a ladder?');
    expect((await call(cast.detailer.user, 'POST', '/api/conversations', { bookingId: hold.id })).statusCode).toBe(404);
    expect((await call(cast.detailer.user, 'GET', `/api/conversations/${id}`)).statusCode).toBe(404);
    const write = await call(cast.detailer.user, 'POST', `/api/conversations/${id}/messages`, { clientId: 'x', body: 'Hi' });
    expect(write.statusCode).toBe(404);
    const list = (await call(cast.detailer.user, 'GET', '/api/conversations')).json() as ConversationSummary[];
    expect(list.map((c) => c.id)).not.toContain(id);
    // An abandoned hold stays the customer's alone; a cancelled request was the detailer's to see.
    const abandoned = await m.booking('abandoned');
    expect((await call(cast.detailer.user, 'POST', '/api/conversations', { bookingId: abandoned.id })).statusCode).toBe(404);
    const cancelled = await m.booking('cancelled');
    expect((await call(cast.detailer.user, 'POST', '/api/conversations', { bookingId: cancelled.id })).statusCode).toBe(201);
  });

  it('a support thread: its user and admins; admins answer as Glossly Support and cannot open one', async () => {
    const opened = await call(cast.otherCustomer, 'POST', '/api/conversations', { support: true });
    expect(opened.statusCode).toBe(201);
    const support = opened.json() as ConversationSummary;
    expect(support).toMatchObject({
      kind: 'support',
      bookingId: null,
      booking: null,
      otherParty: { name: 'Glossly Support', avatarUrl: null },
    });
    expect((await call(cast.otherCustomer, 'POST', '/api/conversations', { support: true })).json().id).toBe(support.id);
    expect((await call(cast.admin, 'POST', '/api/conversations', { support: true })).statusCode).toBe(403);

    const question = await m.send(cast.otherCustomer, support.id, 'How do refunds work?');
    const answer = await m.send(cast.admin, support.id, 'Within 5 days.');
    expect(answer.senderName).toBe('Glossly Support');
    for (const outsider of [cast.customer, cast.detailer.user, cast.otherDetailer.user]) {
      expect((await call(outsider, 'GET', `/api/conversations/${support.id}`)).statusCode).toBe(404);
      expect((await call(outsider, 'POST', `/api/conversations/${support.id}/messages`, { clientId: 'o', body: 'x' })).statusCode).toBe(
        404,
      );
      expect((await call(outsider, 'POST', `/api/messages/${answer.id}/report`, { reason: 'x' })).statusCode).toBe(404);
    }
    expect((await call(null, 'GET', `/api/conversations/${support.id}`)).statusCode).toBe(401);
    const asUser = (await call(cast.otherCustomer, 'GET', `/api/conversations/${support.id}`)).json() as ConversationThread;
    expect(asUser.messages.map((x) => [x.senderName, x.isMine])).toEqual([
      [cast.otherCustomer.name, true],
      ['Glossly Support', false],
    ]);
    const asAdmin = (await call(cast.admin, 'GET', `/api/conversations/${support.id}`)).json() as ConversationThread;
    expect(asAdmin.conversation.otherParty.name).toBe(cast.otherCustomer.name);
    expect(asAdmin.messages.map((x) => x.id)).toEqual([question.id, answer.id]);
    // Admins' own list is the support inbox.
    const inbox = (await call(cast.admin, 'GET', '/api/conversations')).json() as ConversationSummary[];
    expect(inbox.map((c) => c.id)).toContain(support.id);
  });

  it('ids and bodies are checked: 400 naming the field, never a 5xx', async () => {
    const bad = await call(cast.customer, 'GET', '/api/conversations/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
    const before = await call(cast.customer, 'GET', `/api/conversations/${conversationId}?before=0`);
    expect(before.json().fields).toHaveProperty('before');
    const neither = await call(cast.customer, 'POST', '/api/conversations', {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields).toHaveProperty('bookingId');
    const both = await call(cast.customer, 'POST', '/api/conversations', { bookingId: 1, support: true });
    expect(both.statusCode).toBe(400);
    const noClientId = await call(cast.customer, 'POST', `/api/conversations/${conversationId}/messages`, { body: 'x' });
    expect(noClientId.json().fields).toHaveProperty('clientId');
    const longClientId = await call(cast.customer, 'POST', `/api/conversations/${conversationId}/messages`, {
      clientId: 'x'.repeat(65),
      body: 'x',
    });
    expect(longClientId.json().fields).toHaveProperty('clientId');
    const empty = await call(cast.customer, 'POST', `/api/conversations/${conversationId}/messages`, { clientId: 'e', body: '   ' });
    expect(empty.json().fields).toHaveProperty('body');
    const mark = await call(cast.customer, 'POST', `/api/conversations/${conversationId}/read`, { lastReadMessageId: -1 });
    expect(mark.json().fields).toHaveProperty('lastReadMessageId');
    const reason = await call(cast.detailer.user, 'POST', `/api/messages/${customerMessage.id}/report`, { reason: 'x'.repeat(501) });
    expect(reason.json().fields).toHaveProperty('reason');
    const filter = await call(cast.admin, 'GET', '/api/admin/conversations?reported=maybe');
    expect(filter.json().fields).toHaveProperty('reported');
  });
});
