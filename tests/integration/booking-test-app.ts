import { afterAll, beforeAll } from 'vitest';
import type { Booking } from '@core/schemas/booking.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, type DatabaseKind, type TestApp } from './test-app.ts';

/**
 * The app of the booking tests and their HTTP helpers, set up and closed by the calling describe block.
 * The clock stands on Monday 2026-11-23, 8:00 AM in Los Angeles (16:00 UTC).
 */
export function useBookingTestApp(kind: DatabaseKind) {
  let t: TestApp;
  const clock = createTestClock();
  // The server's error lines, so that a test seeing a 500 can say what the server saw.
  const serverErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { LOG_LEVEL: 'error' }, logStream: { write: (line) => void serverErrors.push(line) } });
  });
  afterAll(() => t.close());

  const { cookieFor, call } = createCaller(() => t, clock);

  /** A customer without a password: hashing 50 passwords per round would only measure argon2. */
  const quickCustomer = () => createCustomer(t.ctx, { password: undefined });

  const bookingBody = (detailerId: number, serviceId: number, date: string, time: string, extra: object = {}) => ({
    detailerId,
    serviceId,
    vehicleType: 'Sedan',
    notes: '  Please park on the street  ',
    date,
    time,
    address: '1 Market St',
    apt: '',
    city: 'San Francisco',
    zip: '94105',
    ...extra,
  });

  async function book(customer: UserRow, detailerId: number, serviceId: number, date: string, time: string, extra: object = {}) {
    const response = await call(customer, 'POST', '/api/bookings', bookingBody(detailerId, serviceId, date, time, extra));
    return { status: response.statusCode, body: response.json() as Booking & { message?: string } };
  }

  return {
    clock,
    /** The database of the running app (only inside tests and hooks). */
    get ctx() {
      return t.ctx;
    },
    get db() {
      return t.db;
    },
    cookieFor,
    call,
    serverErrors,
    quickCustomer,
    bookingBody,
    book,
  };
}

export const slotTakenText = 'That time slot was just taken. Please choose another time.';
