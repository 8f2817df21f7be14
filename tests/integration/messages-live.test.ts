import { describe, expect, it } from 'vitest';
import type { LiveChange } from '@core/schemas/live-change.ts';
import type { ConversationSummary, Message } from '@core/schemas/message.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking } from '../factories/index.ts';
import { createTestClock, databaseKinds, useStreamingCast } from './test-app.ts';

/**
 * A new message and a read mark reach the open screens of the thread's participants (and admins, for a support
 * thread) as `{ topic: 'conversation', id }` within a second; nobody else hears of it, and a refused send says nothing.
 */
describe.each(databaseKinds)('live changes of a conversation on %s', (kind) => {
  const clock = createTestClock();
  const cast = useStreamingCast<LiveChange>(kind, clock, 'change');
  const { call, stream } = cast;

  const heard = (user: UserRow, id: number) =>
    stream(user).events.filter((change) => change.topic === 'conversation' && change.id === id).length;

  async function expectHeard(users: UserRow[], id: number, startedAt: number) {
    for (const user of users) {
      await stream(user).next((change) => change.topic === 'conversation' && change.id === id, 1000);
      expect(performance.now() - startedAt).toBeLessThan(1000);
    }
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  let starts = Date.parse('2026-12-01T17:00:00Z');
  async function threadOf(status: 'requested' | 'pending_payment'): Promise<number> {
    starts += 24 * 3_600_000;
    const booking = await createBooking(cast.t.ctx, {
      customerId: cast.customer.id,
      detailerId: cast.detailer.detailerId,
      serviceId: cast.detailer.serviceId,
      status,
      startsAt: new Date(starts),
    });
    const opened = await call(cast.customer, '/api/conversations', { bookingId: booking.id });
    expect(opened.statusCode).toBe(201);
    return (opened.json() as ConversationSummary).id;
  }

  let clientIds = 0;
  const send = (user: UserRow, id: number, body: string) =>
    call(user, `/api/conversations/${id}/messages`, { clientId: `live-${(clientIds += 1)}`, body });

  it("a booking thread's message reaches its customer and detailer, and no one else", async () => {
    const id = await threadOf('requested');
    const startedAt = performance.now();
    expect((await send(cast.customer, id, 'Hi there')).statusCode).toBe(201);
    await expectHeard([cast.customer, cast.detailer.user], id, startedAt);
    await settle();
    for (const outsider of [cast.bystander, cast.otherDetailer.user, cast.admin]) expect(heard(outsider, id)).toBe(0);
  });

  it('a message about a hold that was never paid is not announced to the detailer', async () => {
    const id = await threadOf('pending_payment');
    const startedAt = performance.now();
    expect((await send(cast.customer, id, 'Is 9 OK?')).statusCode).toBe(201);
    await expectHeard([cast.customer], id, startedAt);
    await settle();
    expect(heard(cast.detailer.user, id)).toBe(0);
  });

  it('a read mark that moves is heard by both parties; one that does not move says nothing', async () => {
    const id = await threadOf('requested');
    const sent = await send(cast.detailer.user, id, 'See you tomorrow');
    const message = sent.json() as Message;
    await settle();
    const before = heard(cast.detailer.user, id);
    const startedAt = performance.now();
    expect((await call(cast.customer, `/api/conversations/${id}/read`, { lastReadMessageId: message.id })).statusCode).toBe(204);
    await settle();
    expect(heard(cast.detailer.user, id)).toBe(before + 1);
    expect(performance.now() - startedAt).toBeLessThan(1000);
    expect((await call(cast.customer, `/api/conversations/${id}/read`, { lastReadMessageId: message.id })).statusCode).toBe(204);
    await settle();
    expect(heard(cast.detailer.user, id)).toBe(before + 1);
  });

  it("a support thread's message reaches its user and the admins", async () => {
    const opened = await call(cast.bystander, '/api/conversations', { support: true });
    const id = (opened.json() as ConversationSummary).id;
    let startedAt = performance.now();
    expect((await send(cast.bystander, id, 'Help please')).statusCode).toBe(201);
    await expectHeard([cast.bystander, cast.admin], id, startedAt);
    startedAt = performance.now();
    expect((await send(cast.admin, id, 'Here to help')).statusCode).toBe(201);
    await settle();
    expect(heard(cast.bystander, id)).toBe(2);
    expect(performance.now() - startedAt).toBeLessThan(1000);
    expect(heard(cast.customer, id) + heard(cast.detailer.user, id)).toBe(0);
  });

  it('a message notification arrives for the recipient with the thread as its entity', async () => {
    const id = await threadOf('requested');
    expect((await send(cast.detailer.user, id, 'Running 5 minutes late')).statusCode).toBe(201);
    const notices = (await cast.t.app.inject({ url: '/api/notifications', headers: { cookie: cast.cookie(cast.customer) } })).json();
    expect(notices[0]).toMatchObject({ type: 'message', entityId: String(id), message: 'Running 5 minutes late' });
  });

  it('a refused send is heard by no one', async () => {
    const id = await threadOf('requested');
    await settle();
    const before = heard(cast.customer, id);
    expect((await send(cast.customer, id, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await send(cast.admin, id, 'Admins only read here')).statusCode).toBe(403);
    await settle();
    expect(heard(cast.customer, id)).toBe(before);
    expect(heard(cast.detailer.user, id)).toBe(0);
  });
});
