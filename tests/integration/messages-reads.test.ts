import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary, ConversationThread } from '@core/schemas/message.ts';
import { conversationReads, notifications } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { useMessagesTestApp } from './messages-test-app.ts';

/** Reading: the list and its unread counts, paging a thread, read marks that never move back, and 'Seen'. */
describe.each(databaseKinds)('messages: reading on %s', (kind) => {
  const m = useMessagesTestApp(kind);
  const { cast, call } = m;

  const newCustomer = () => createCustomer(m.t.ctx, { password: undefined });
  const unreadTotal = async (user: UserRow) => (await call(user, 'GET', '/api/conversations/unread-count')).json().count as number;
  const list = async (user: UserRow) => (await call(user, 'GET', '/api/conversations')).json() as ConversationSummary[];
  const thread = async (user: UserRow, id: number, query = '') =>
    (await call(user, 'GET', `/api/conversations/${id}${query}`)).json() as ConversationThread;
  const markRead = (user: UserRow, id: number, lastReadMessageId: number) =>
    call(user, 'POST', `/api/conversations/${id}/read`, { lastReadMessageId });
  const readMark = async (user: UserRow, id: number) =>
    (
      await m.db
        .select()
        .from(conversationReads)
        .where(and(eq(conversationReads.conversationId, id), eq(conversationReads.userId, user.id)))
    )[0]?.lastReadMessageId ?? null;

  it("lists the caller's threads newest activity first, with the other party, booking, last message and unread count", async () => {
    const customer = await newCustomer();
    const older = await m.openThread((await m.booking('accepted', customer)).id, customer);
    const newer = await m.openThread((await m.booking('accepted', customer)).id, customer);
    m.clock.advance(60_000);
    await m.send(cast.detailer.user, older, 'First');
    m.clock.advance(60_000);
    await m.send(cast.detailer.user, older, 'Second');

    const threads = await list(customer);
    expect(threads.map((c) => c.id)).toEqual([older, newer]);
    expect(threads[0]).toMatchObject({
      kind: 'booking',
      otherParty: { name: expect.stringMatching(/^Detailing /), avatarUrl: null },
      booking: { serviceName: expect.stringMatching(/^Wash /), startsAt: expect.any(String) },
      lastMessage: { body: 'Second', hasPhoto: false, senderUserId: cast.detailer.user.id, createdAt: m.clock.now().toISOString() },
      unreadCount: 2,
      isReadOnly: false,
      lastMessageAt: m.clock.now().toISOString(),
    });
    expect(threads[1]).toMatchObject({ lastMessage: null, unreadCount: 0, lastMessageAt: null });
    // The detailer sees the customer by name.
    const forDetailer = (await list(cast.detailer.user)).find((c) => c.id === older)!;
    expect(forDetailer).toMatchObject({ otherParty: { name: customer.name, avatarUrl: null }, unreadCount: 0 });
    m.clock.advance(60_000);
    await m.send(customer, newer, 'Now this one');
    expect((await list(customer)).map((c) => c.id)).toEqual([newer, older]);
  });

  it('pages a thread 50 at a time, oldest first, back with ?before=', async () => {
    const id = await m.openThread((await m.booking('accepted')).id);
    const sent: number[] = [];
    for (let i = 1; i <= 55; i += 1) sent.push((await m.send(i % 2 ? cast.customer : cast.detailer.user, id, `Message ${i}`)).id);
    const newest = await thread(cast.customer, id);
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages.map((x) => x.id)).toEqual(sent.slice(5));
    expect(newest.hasMore).toBe(true);
    expect(newest.messages[0]).toMatchObject({ body: 'Message 6', isMine: false, senderName: expect.stringMatching(/^Detailing /) });
    expect(newest.messages[1]).toMatchObject({
      body: 'Message 7',
      isMine: true,
      senderName: cast.customer.name,
      photoUrl: null,
      isReported: false,
    });
    const older = await thread(cast.customer, id, `?before=${newest.messages[0]!.id}`);
    expect(older.messages.map((x) => x.id)).toEqual(sent.slice(0, 5));
    expect(older.hasMore).toBe(false);
  });

  it('counts messages from others after the read mark; marking reads up to a message and never moves back', async () => {
    const customer = await newCustomer();
    const a = await m.openThread((await m.booking('accepted', customer)).id, customer);
    const b = await m.openThread((await m.booking('accepted', customer)).id, customer);
    await m.send(customer, a, 'My own does not count');
    const first = await m.send(cast.detailer.user, a, 'One');
    const second = await m.send(cast.detailer.user, a, 'Two');
    await m.send(cast.detailer.user, b, 'Three');
    expect(await unreadTotal(customer)).toBe(3);

    expect((await markRead(customer, a, first.id)).statusCode).toBe(204);
    expect(await unreadTotal(customer)).toBe(2);
    expect((await list(customer)).find((c) => c.id === a)!.unreadCount).toBe(1);
    expect((await markRead(customer, a, second.id)).statusCode).toBe(204);
    // Backwards is ignored.
    expect((await markRead(customer, a, first.id)).statusCode).toBe(204);
    expect(await readMark(customer, a)).toBe(second.id);
    expect(await unreadTotal(customer)).toBe(1);
    // A mark past the thread's end stops at its newest message, so later messages still count as unread.
    const { id: lastInA } = (await thread(customer, a)).messages.at(-1)!;
    expect((await markRead(customer, a, 2_000_000_000)).statusCode).toBe(204);
    expect(await readMark(customer, a)).toBe(lastInA);
    await m.send(cast.detailer.user, a, 'Four');
    expect(await unreadTotal(customer)).toBe(2);
    // Replying means having read: a send moves the sender's own mark to it.
    const reply = await m.send(customer, a, 'Got it');
    expect(await readMark(customer, a)).toBe(reply.id);
    expect(await unreadTotal(customer)).toBe(1);
    // A message of another thread marks nothing here.
    const { id: inB } = (await thread(customer, b)).messages[0]!;
    const other = await m.openThread((await m.booking('accepted', customer)).id, customer);
    expect((await markRead(customer, other, inB)).statusCode).toBe(204);
    expect(await readMark(customer, other)).toBe(null);
  });

  it("marking a thread read marks the reader's message notifications of that thread, and no others", async () => {
    const customer = await newCustomer();
    const a = await m.openThread((await m.booking('accepted', customer)).id, customer);
    const b = await m.openThread((await m.booking('accepted', customer)).id, customer);
    const last = await m.send(cast.detailer.user, a, 'Hello');
    await m.send(cast.detailer.user, b, 'Elsewhere');
    const unreadNotices = async (conversationId: number) =>
      (
        await m.db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.userId, customer.id), eq(notifications.entityId, String(conversationId)), eq(notifications.isRead, false)),
          )
      ).length;
    expect(await unreadNotices(a)).toBe(1);
    await markRead(customer, a, last.id);
    expect(await unreadNotices(a)).toBe(0);
    expect(await unreadNotices(b)).toBe(1);
    expect((await call(customer, 'GET', '/api/notifications/count?unreadOnly=true')).json()).toEqual({ count: 1 });
  });

  it("answers the other party's read mark for 'Seen'; support users see the furthest any admin read", async () => {
    const id = await m.openThread((await m.booking('accepted')).id);
    const mine = await m.send(cast.customer, id, 'Did you get this?');
    expect((await thread(cast.customer, id)).otherPartyLastReadMessageId).toBe(null);
    await markRead(cast.detailer.user, id, mine.id);
    expect((await thread(cast.customer, id)).otherPartyLastReadMessageId).toBe(mine.id);
    // The sender's own mark moves with each send, so the detailer sees it too.
    expect((await thread(cast.detailer.user, id)).otherPartyLastReadMessageId).toBe(mine.id);
    expect((await thread(cast.admin, id)).otherPartyLastReadMessageId).toBe(null);

    const user = await newCustomer();
    const support = (await call(user, 'POST', '/api/conversations', { support: true })).json().id as number;
    const question = await m.send(user, support, 'Hello?');
    expect(await unreadTotal(cast.admin)).toBeGreaterThanOrEqual(1);
    const adminUnreadBefore = await unreadTotal(cast.admin);
    await markRead(cast.admin, support, question.id);
    expect(await unreadTotal(cast.admin)).toBe(adminUnreadBefore - 1);
    expect((await thread(user, support)).otherPartyLastReadMessageId).toBe(question.id);
    // An admin's answer is not unread for the admins.
    await m.send(cast.admin, support, 'Hi!');
    expect(await unreadTotal(cast.admin)).toBe(adminUnreadBefore - 1);
    expect(await unreadTotal(user)).toBe(1);
  });
});
