import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '@core/schemas/booking.ts';
import { tooLittleDriveTimeMessages } from '@core/domain/drive-time.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { driveSecondsFor, createRouter, straightLineRouter } from '../../server/geo/routing.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';
import { startLoopbackService } from './geo-loopback-service.ts';

const soma = { latitude: 37.7936, longitude: -122.3958 };
const mission = { latitude: 37.7599, longitude: -122.4148 };
const quiet = { warn: () => undefined };

describe('drive times through the routing interface', () => {
  let peer: Awaited<ReturnType<typeof startLoopbackService>>;
  beforeAll(async () => {
    peer = await startLoopbackService();
  });
  afterAll(() => peer.close());

  it('is the straight line without ROUTING_URL, and asks the OSRM-compatible service once per pair with it', async () => {
    expect(createRouter({ ROUTING_URL: undefined }, quiet)).toBe(straightLineRouter);
    peer.answerJson(200, { code: 'Ok', routes: [{ distance: 9000, duration: 1500 }] });
    const router = createRouter({ ROUTING_URL: peer.baseUrl }, quiet);
    const before = peer.requests.length;
    const seconds = await driveSecondsFor(router, [
      [soma, mission],
      [soma, mission],
      [mission, soma],
    ]);
    expect(seconds(soma, mission)).toBe(1500);
    expect(seconds(mission, soma)).toBe(1500);
    // A pair not looked up before the lock is never sent over the network: the straight line answers.
    const requestsSoFar = peer.requests.length;
    expect(seconds(soma, { latitude: 37.8, longitude: -122.27 })).toBeGreaterThan(0);
    expect(peer.requests.length).toBe(requestsSoFar);
    expect(peer.requests.slice(before).map((r) => r.url)).toEqual([
      '/route/v1/driving/-122.3958,37.7936;-122.4148,37.7599?overview=false',
      '/route/v1/driving/-122.4148,37.7599;-122.3958,37.7936?overview=false',
    ]);
  });

  it('falls back to the straight line when the service fails', async () => {
    peer.answerJson(500, { code: 'Error' });
    const router = createRouter({ ROUTING_URL: `${peer.baseUrl}/down` }, quiet);
    const seconds = await driveSecondsFor(router, [[soma, mission]]);
    expect(seconds(soma, mission)).toBeGreaterThan(0);
    expect(seconds(soma, mission)).toBeLessThan(900);
  });
});

describe.each(databaseKinds)('a routing service decides the slots and the booking check alike on %s', (kind) => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startLoopbackService>>;
  const clock = createTestClock();
  beforeAll(async () => {
    peer = await startLoopbackService();
    // Every drive takes an hour and a half by this service's roads, even across the street.
    peer.answerJson(200, { code: 'Ok', routes: [{ distance: 5000, duration: 5400 }] });
    t = await createTestApp(kind, { clock, env: { ROUTING_URL: peer.baseUrl, LOG_LEVEL: 'error' } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await peer.close();
  });

  it('removes the slots the route does not leave time for, and refuses booking them', async () => {
    const { call } = createCaller(() => t, clock);
    const { detailerId, serviceId } = await createDetailer(t.ctx);
    const body = (time: string, zip: string) => ({
      detailerId,
      serviceId,
      vehicleType: 'Sedan',
      date: '2026-11-24',
      time,
      address: '1 Market St',
      city: 'San Francisco',
      zip,
    });
    expect((await call(await createCustomer(t.ctx), 'POST', '/api/bookings', body('9:00 AM', '94105'))).statusCode).toBe(201);
    const day = (
      await call(null, 'GET', `/api/detailers/${detailerId}/availability?date=2026-11-24&serviceId=${serviceId}&zip=94103`)
    ).json() as Availability;
    // 9:45 + 90 minutes of road + 15 of buffer = 11:30: the first free start is 1:00 PM.
    expect(day.slots.filter((s) => s.available).map((s) => s.time)).toEqual(['1:00 PM', '2:00 PM', '3:00 PM']);
    const refused = await call(await createCustomer(t.ctx), 'POST', '/api/bookings', body('11:00 AM', '94103'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(tooLittleDriveTimeMessages.previous);
  });
});
