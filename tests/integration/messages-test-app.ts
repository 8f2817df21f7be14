import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ConversationSummary, Message } from '@core/schemas/message.ts';
import { bookingEvents, bookings } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, type DatabaseKind, type TestApp } from './test-app.ts';

type Status = (typeof bookings.$inferSelect)['status'];
type Detailer = Awaited<ReturnType<typeof createDetailer>>;

/**
 * The app of the messages tests, with its photos in a folder of its own (DATA_DIR), and the cast of the access matrix:
 * a customer and the detailer they book, another customer, another detailer and an admin. The clock stands on Monday
 * 2026-11-23, 8:00 AM in Los Angeles.
 */
export function useMessagesTestApp(kind: DatabaseKind) {
  let t: TestApp;
  let dataDir: string;
  const clock = createTestClock();
  const cast = {} as { customer: UserRow; detailer: Detailer; otherCustomer: UserRow; otherDetailer: Detailer; admin: UserRow };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'glossly-messages-'));
    t = await createTestApp(kind, { clock, env: { DATA_DIR: dataDir } });
    cast.customer = await createCustomer(t.ctx, { password: undefined });
    cast.otherCustomer = await createCustomer(t.ctx, { password: undefined });
    cast.admin = await createAdmin(t.ctx, { password: undefined });
    cast.detailer = await createDetailer(t.ctx);
    cast.otherDetailer = await createDetailer(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const { call } = createCaller(() => t, clock);

  let nextStart = Date.parse('2026-12-01T17:00:00Z');

  /** A booking of the cast's customer with the cast's detailer, written straight to the database, in `status`. */
  async function booking(status: Status = 'requested', customer: UserRow = cast.customer) {
    nextStart += 24 * 60 * 60 * 1000;
    return createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: cast.detailer.detailerId,
      serviceId: cast.detailer.serviceId,
      status,
      startsAt: new Date(nextStart),
    });
  }

  /** Moves a booking to `status` with its last event at `at` (the factory's events carry the real time). */
  async function setBookingStatus(bookingId: number, status: Status, at: Date) {
    await t.db.update(bookings).set({ status }).where(eq(bookings.id, bookingId));
    await t.db
      .update(bookingEvents)
      .set({ createdAt: new Date(at.getTime() - 60_000) })
      .where(eq(bookingEvents.bookingId, bookingId));
    await t.db.insert(bookingEvents).values({ bookingId, action: status, toStatus: status, createdAt: at });
  }

  /** Opens (finds or creates) a booking's thread as the customer; answers its id. */
  async function openThread(bookingId: number, user: UserRow = cast.customer): Promise<number> {
    const response = await call(user, 'POST', '/api/conversations', { bookingId });
    expect([200, 201], response.body).toContain(response.statusCode);
    return (response.json() as ConversationSummary).id;
  }

  let sent = 0;
  /** Sends a text message; answers the message (the test fails on anything but 201). */
  async function send(user: UserRow, conversationId: number, body: string, extra: object = {}): Promise<Message> {
    sent += 1;
    const response = await call(user, 'POST', `/api/conversations/${conversationId}/messages`, { clientId: `c-${sent}`, body, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Message;
  }

  return {
    clock,
    cast,
    call,
    booking,
    setBookingStatus,
    openThread,
    send,
    get t() {
      return t;
    },
    get db() {
      return t.db;
    },
    get dataDir() {
      return dataDir;
    },
  };
}

/** A small real PNG (a red square of `size` pixels), made with sharp as a phone's photo would be. */
export async function pngPhoto(size = 8): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: size, height: size, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
}

/** The `photo` field of a send, for these bytes declared as `contentType`. */
export const photoField = (bytes: Buffer, contentType = 'image/png') => ({ photo: { contentType, data: bytes.toString('base64') } });
