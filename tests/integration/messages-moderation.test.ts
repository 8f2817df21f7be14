import { afterEach, describe, expect, it } from 'vitest';
import type { AdminConversation, ConversationSummary, ConversationThread } from '@core/schemas/message.ts';
import { createCustomer } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { useMessagesTestApp } from './messages-test-app.ts';

const minute = 60_000;
const day = 24 * 60 * minute;

/** Reports, threads that close a week after their booking ended, and the admins' filtered list. */
describe.each(databaseKinds)('messages: reports, closing and the admins’ list on %s', (kind) => {
  const m = useMessagesTestApp(kind);
  const { cast, call, clock } = m;
  const start = clock.now();
  afterEach(() => clock.set(start));

  const adminList = async (query: string) => {
    const response = await call(cast.admin, 'GET', `/api/admin/conversations${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminConversation[];
  };

  it('a participant reports the other side’s message once; a second report answers 409', async () => {
    const id = await m.openThread((await m.booking('accepted')).id);
    const rude = await m.send(cast.detailer.user, id, 'Rude words');
    const url = `/api/messages/${rude.id}/report`;
    const first = await call(cast.customer, 'POST', url, { reason: '  Insulting  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ messageId: rude.id, reason: 'Insulting', createdAt: clock.now().toISOString() });
    const second = await call(cast.customer, 'POST', url, { reason: 'Again' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'conflict', message: 'You already reported this message' });
    const own = await call(cast.detailer.user, 'POST', url, { reason: 'Mine' });
    expect(own.json()).toEqual({ code: 'forbidden', message: 'You cannot report your own message' });
    // The reporter and admins see it reported; the sender is not told who reported what.
    const isReported = async (user: typeof cast.customer) =>
      ((await call(user, 'GET', `/api/conversations/${id}`)).json() as ConversationThread).messages.find((x) => x.id === rude.id)!
        .isReported;
    expect(await isReported(cast.customer)).toBe(true);
    expect(await isReported(cast.admin)).toBe(true);
    expect(await isReported(cast.detailer.user)).toBe(false);
    expect((await call(cast.customer, 'POST', '/api/messages/2147483647/report', { reason: 'x' })).statusCode).toBe(404);
  });

  it('closes a booking’s thread 7 days after the booking’s last event: sending answers 409, reading still works', async () => {
    const booking = await m.booking('accepted');
    const id = await m.openThread(booking.id);
    const earlier = await call(cast.customer, 'POST', `/api/conversations/${id}/messages`, { clientId: 'before-close', body: 'Thanks!' });
    expect(earlier.statusCode).toBe(201);
    await m.setBookingStatus(booking.id, 'completed', clock.now());
    const summary = async () => ((await call(cast.customer, 'GET', `/api/conversations/${id}`)).json() as ConversationThread).conversation;

    clock.advance(7 * day - minute);
    expect((await summary()).isReadOnly).toBe(false);
    await m.send(cast.detailer.user, id, 'Enjoy the shine');

    clock.advance(minute);
    expect((await summary()).isReadOnly).toBe(true);
    const listed = (await call(cast.customer, 'GET', '/api/conversations')).json() as ConversationSummary[];
    expect(listed.find((c) => c.id === id)!.isReadOnly).toBe(true);
    for (const user of [cast.customer, cast.detailer.user]) {
      const closed = await call(user, 'POST', `/api/conversations/${id}/messages`, { clientId: `late-${user.id}`, body: 'One more thing' });
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({ code: 'conflict', message: 'This conversation is closed' });
    }
    // A retry of a message sent before the close still finds it; reading and marking go on.
    const retry = await call(cast.customer, 'POST', `/api/conversations/${id}/messages`, { clientId: 'before-close', body: 'Thanks!' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(earlier.json().id);
    const thread = (await call(cast.customer, 'GET', `/api/conversations/${id}`)).json() as ConversationThread;
    expect(thread.messages).toHaveLength(2);
    expect(
      (await call(cast.customer, 'POST', `/api/conversations/${id}/read`, { lastReadMessageId: thread.messages[1]!.id })).statusCode,
    ).toBe(204);
  });

  it('keeps a live booking’s thread and a support thread open however long ago they started', async () => {
    const booking = await m.booking('accepted');
    const id = await m.openThread(booking.id);
    await m.setBookingStatus(booking.id, 'accepted', clock.now());
    const support = (await call(cast.customer, 'POST', '/api/conversations', { support: true })).json().id as number;
    clock.advance(20 * day);
    await m.send(cast.customer, id, 'Still on?');
    await m.send(cast.customer, support, 'Still there?');
  });

  it('lists every thread for admins, filtered by booking, by participant and to those with reports', async () => {
    const xavier = await createCustomer(m.t.ctx, { password: undefined });
    const yara = await createCustomer(m.t.ctx, { password: undefined });
    const zoe = await createCustomer(m.t.ctx, { password: undefined });
    const bookingA = await m.booking('requested', xavier);
    const bookingB = await m.booking('accepted', yara);
    const a = await m.openThread(bookingA.id, xavier);
    const b = await m.openThread(bookingB.id, yara);
    const support = (await call(zoe, 'POST', '/api/conversations', { support: true })).json().id as number;
    await m.send(xavier, a, 'Text me at 415-555-0100');
    const offensive = await m.send(cast.detailer.user, b, 'Something offensive');
    const alsoOffensive = await m.send(cast.detailer.user, b, 'More of it');
    await m.send(zoe, support, 'Help');
    await call(yara, 'POST', `/api/messages/${offensive.id}/report`, { reason: 'Offensive' });
    await call(yara, 'POST', `/api/messages/${alsoOffensive.id}/report`, { reason: 'Offensive' });

    const byBooking = await adminList(`?bookingId=${bookingA.id}`);
    expect(byBooking).toHaveLength(1);
    expect(byBooking[0]).toMatchObject({
      id: a,
      kind: 'booking',
      bookingId: bookingA.id,
      participants: [
        { userId: xavier.id, name: xavier.name },
        { userId: cast.detailer.user.id, name: expect.stringMatching(/^Detailing /) },
      ],
      booking: { status: 'requested', timeZone: 'America/Los_Angeles' },
      // Admins read the text as written.
      lastMessage: { body: 'Text me at 415-555-0100', senderUserId: xavier.id },
      reportedMessageCount: 0,
    });
    expect((await adminList(`?userId=${xavier.id}`)).map((c) => c.id)).toEqual([a]);
    expect((await adminList(`?userId=${zoe.id}`)).map((c) => c).map((c) => [c.id, c.kind, c.participants])).toEqual([
      [support, 'support', [{ userId: zoe.id, name: zoe.name }]],
    ]);
    const detailerThreads = (await adminList(`?userId=${cast.detailer.user.id}`)).map((c) => c.id);
    expect(detailerThreads).toEqual(expect.arrayContaining([a, b]));
    expect(detailerThreads).not.toContain(support);

    const reported = await adminList('?reported=true');
    expect(reported.map((c) => c.id)).toContain(b);
    expect(reported.map((c) => c.id)).not.toContain(a);
    expect(reported.find((c) => c.id === b)!.reportedMessageCount).toBe(2);
    expect((await adminList(`?reported=true&userId=${yara.id}`)).map((c) => c.id)).toEqual([b]);
    expect(await adminList(`?reported=true&userId=${xavier.id}`)).toEqual([]);
    const all = (await adminList('?reported=false')).map((c) => c.id);
    expect(all).toEqual(expect.arrayContaining([a, b, support]));
    // Newest activity first.
    expect(all.indexOf(support)).toBeLessThan(all.indexOf(a));
  });
});
