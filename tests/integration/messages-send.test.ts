import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ConversationThread, Message } from '@core/schemas/message.ts';
import type { Notification } from '@core/schemas/notification.ts';
import { conversations, messages, notifications } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { databaseKinds } from './test-app.ts';
import { photoField, pngPhoto, useMessagesTestApp } from './messages-test-app.ts';

/** Sending: idempotent by clientId, bounded text, contact details hidden until acceptance, photos checked and resized. */
describe.each(databaseKinds)('messages: sending on %s', (kind) => {
  const m = useMessagesTestApp(kind);
  const { cast, call } = m;

  const messageCount = async (conversationId: number) =>
    Number((await m.db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId)))[0]!.n);

  /** Files the photo storage holds for a thread (DATA_DIR/objects/messages/<id>). */
  async function storedPhotos(conversationId: number): Promise<string[]> {
    try {
      return await readdir(path.join(m.dataDir, 'objects', 'messages', String(conversationId)));
    } catch {
      return [];
    }
  }

  const thread = async (user: UserRow, id: number) => (await call(user, 'GET', `/api/conversations/${id}`)).json() as ConversationThread;

  const messageNotices = (user: UserRow, conversationId: number) =>
    m.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'message'), eq(notifications.entityId, String(conversationId))));

  it('a retry with the same clientId answers the message already made (200), not a second one', async () => {
    const id = await m.openThread((await m.booking()).id);
    const url = `/api/conversations/${id}/messages`;
    const first = await call(cast.customer, 'POST', url, { clientId: 'retry-1', body: 'On my way home' });
    expect(first.statusCode).toBe(201);
    const again = await call(cast.customer, 'POST', url, { clientId: 'retry-1', body: 'On my way home' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await messageCount(id)).toBe(1);
    // One notice for the one message; another sender may use the same clientId for a message of their own.
    expect(await messageNotices(cast.detailer.user, id)).toHaveLength(1);
    expect((await call(cast.detailer.user, 'POST', url, { clientId: 'retry-1', body: 'See you' })).statusCode).toBe(201);
    // Sent at once (a double tap): one message, one created.
    const twice = await Promise.all([1, 2].map(() => call(cast.customer, 'POST', url, { clientId: 'tap', body: 'Twice' })));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await messageCount(id)).toBe(3);
  });

  it('takes 2,000 characters, trimmed, and refuses 2,001 leaving the thread as it was', async () => {
    const id = await m.openThread((await m.booking()).id);
    const url = `/api/conversations/${id}/messages`;
    const longest = 'x'.repeat(2000);
    const ok = await call(cast.customer, 'POST', url, { clientId: 'long-1', body: `  ${longest}\n ` });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as Message).body).toBe(longest);
    const [before] = await m.db.select().from(conversations).where(eq(conversations.id, id));

    const tooLong = await call(cast.customer, 'POST', url, { clientId: 'long-2', body: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'bad_request', message: 'body must be at most 2000 characters' });
    expect(tooLong.json().fields).toHaveProperty('body');
    expect(await messageCount(id)).toBe(1);
    expect((await m.db.select().from(conversations).where(eq(conversations.id, id)))[0]).toEqual(before);
    expect(await messageNotices(cast.detailer.user, id)).toHaveLength(1);
    // Stored as plain text: markup comes back as typed, for the client to show as text.
    const markup = await m.send(cast.customer, id, '<b>hi</b> & <script>x</script>');
    expect(markup.body).toBe('<b>hi</b> & <script>x</script>');
  });

  it('hides phone numbers and emails from both parties until the detailer accepts; admins read them all along', async () => {
    const booking = await m.booking('requested');
    const id = await m.openThread(booking.id);
    const text = 'Call (415) 555-0100 or +1 415 555 0100, or write casey@example.com. See you at 10:30, $129.00, ZIP 94105.';
    const masked = 'Call [contact hidden] or [contact hidden], or write [contact hidden]. See you at 10:30, $129.00, ZIP 94105.';
    const sent = await m.send(cast.customer, id, text);
    expect(sent.body).toBe(masked);
    expect((await thread(cast.detailer.user, id)).messages[0]!.body).toBe(masked);
    expect((await thread(cast.customer, id)).conversation.lastMessage?.body).toBe(masked);
    expect((await thread(cast.admin, id)).messages[0]!.body).toBe(text);
    // The detailer's notice shows the masked text too.
    const [notice] = await messageNotices(cast.detailer.user, id);
    expect(notice).toMatchObject({ title: `New message from ${cast.customer.name}`, message: masked });
    // The stored text is unchanged: accepting shows it.
    expect((await m.db.select().from(messages).where(eq(messages.id, sent.id)))[0]!.body).toBe(text);

    const accepted = await call(cast.detailer.user, 'POST', `/api/bookings/${booking.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await thread(cast.detailer.user, id)).messages[0]!.body).toBe(text);
    expect((await thread(cast.customer, id)).messages[0]!.body).toBe(text);
  });

  it('keeps contact details hidden in a request that ended without being accepted', async () => {
    const booking = await m.booking('declined');
    const id = await m.openThread(booking.id);
    const sent = await m.send(cast.detailer.user, id, 'Sorry! Try me at 415.555.0100');
    expect(sent.body).toBe('Sorry! Try me at [contact hidden]');
    expect((await thread(cast.customer, id)).messages[0]!.body).toBe('Sorry! Try me at [contact hidden]');
  });

  it('notifies the other party: type message, the thread as entity, the sender by name (the detailer by business)', async () => {
    const id = await m.openThread((await m.booking('accepted')).id);
    await m.send(cast.customer, id, 'Gate code is 4411');
    await m.send(cast.detailer.user, id, 'Thanks!');
    const [toDetailer] = await messageNotices(cast.detailer.user, id);
    expect(toDetailer).toMatchObject({ title: `New message from ${cast.customer.name}`, message: 'Gate code is 4411', isRead: false });
    const list = (await call(cast.customer, 'GET', '/api/notifications')).json() as Notification[];
    const toCustomer = list.find((n) => n.type === 'message' && n.entityId === String(id));
    expect(toCustomer).toMatchObject({ message: 'Thanks!', isRead: false });
    expect(toCustomer!.title).toMatch(/^New message from Detailing [0-9a-f]{8}$/);
    // The sender is not told of their own message.
    expect(await messageNotices(cast.customer, id)).toHaveLength(1);
    expect(await messageNotices(cast.detailer.user, id)).toHaveLength(1);
    // A long message is cut to a one-line preview of 120 characters.
    await m.send(cast.customer, id, `Line one\n${'word '.repeat(100)}`);
    const previews = (await messageNotices(cast.detailer.user, id)).map((n) => n.message);
    expect(previews).toContain(`Line one ${'word '.repeat(21)}word…`);
    expect(previews.every((p) => p.length <= 120)).toBe(true);
  });

  it('support: a user’s message notifies every admin; an admin’s answer notifies the user as Glossly Support', async () => {
    const id = (await call(cast.customer, 'POST', '/api/conversations', { support: true })).json().id as number;
    await m.send(cast.customer, id, 'My card was charged twice: casey@example.com');
    const [toAdmin] = await messageNotices(cast.admin, id);
    // Support threads hide nothing: the user is writing to the platform itself.
    expect(toAdmin).toMatchObject({
      title: `New message from ${cast.customer.name}`,
      message: 'My card was charged twice: casey@example.com',
    });
    await m.send(cast.admin, id, 'We are on it.');
    const [toUser] = await messageNotices(cast.customer, id);
    expect(toUser).toMatchObject({ title: 'New message from Glossly Support', message: 'We are on it.' });
  });

  it('takes a photo: checked by its bytes, resized to at most 1600 px, stored as webp and served back', async () => {
    const id = await m.openThread((await m.booking('accepted')).id);
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0a4' } })
      .jpeg()
      .toBuffer();
    const sent = await m.send(cast.customer, id, '', photoField(wide, 'image/jpeg'));
    expect(sent).toMatchObject({ body: '', photoUrl: `/api/messages/${sent.id}/photo` });
    const served = await call(cast.detailer.user, 'GET', sent.photoUrl!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    // A small one keeps its size; the declared type is not what decides (a png declared as webp is still a png).
    const small = await m.send(cast.detailer.user, id, 'Before', photoField(await pngPhoto(8), 'image/webp'));
    const smallServed = await call(cast.customer, 'GET', small.photoUrl!);
    expect(await sharp(smallServed.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 8, height: 8 });
    expect(await storedPhotos(id)).toHaveLength(2);
    const summary = (await thread(cast.customer, id)).conversation.lastMessage;
    expect(summary).toMatchObject({ body: 'Before', hasPhoto: true });
    const [notice] = await messageNotices(cast.detailer.user, id);
    expect(notice!.message).toBe('Sent a photo');
  });

  it('refuses a fake photo, an unreadable one and one over 5 MB with 400, storing nothing', async () => {
    const id = await m.openThread((await m.booking('accepted')).id);
    const url = `/api/conversations/${id}/messages`;
    const text = Buffer.from('this is not a picture at all, just some text');
    const fake = await call(cast.customer, 'POST', url, { clientId: 'fake', body: 'Look', ...photoField(text) });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'bad_request', message: 'photo must be a jpeg, png or webp image' });
    expect(fake.json().fields).toHaveProperty(['photo.data']);

    const png = await pngPhoto();
    const truncated = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64)]);
    const broken = await call(cast.customer, 'POST', url, { clientId: 'broken', body: '', ...photoField(truncated) });
    expect(broken.statusCode).toBe(400);

    const huge = Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await call(cast.customer, 'POST', url, { clientId: 'huge', body: '', ...photoField(huge) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('photo must be at most 5 MB');

    const wrongType = await call(cast.customer, 'POST', url, {
      clientId: 'gif',
      body: '',
      photo: { contentType: 'image/gif', data: 'R0lG' },
    });
    expect(wrongType.json().fields).toHaveProperty(['photo.contentType']);
    const notBase64 = await call(cast.customer, 'POST', url, {
      clientId: 'b64',
      body: '',
      photo: { contentType: 'image/png', data: '%%%' },
    });
    expect(notBase64.json().fields).toHaveProperty(['photo.data']);

    expect(await messageCount(id)).toBe(0);
    expect(await storedPhotos(id)).toEqual([]);
  });
});
