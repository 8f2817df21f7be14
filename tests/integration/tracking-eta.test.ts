import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { straightLineEstimate } from '@core/domain/geo.ts';
import type { BookingTracking } from '@core/schemas/tracking.ts';
import {
  createEtaEstimator,
  createOsrmEstimator,
  rememberEstimates,
  straightLineEstimator,
  type EtaEstimator,
} from '../../server/geo/eta.ts';
import { databaseKinds } from './test-app.ts';
import { startLoopbackService } from './geo-loopback-service.ts';
import { jobPlace, oakland, useTrackingTestApp } from './tracking-test-app.ts';

// Arrival times: the straight-line default, and an OSRM-compatible service on loopback answering as OSRM does.
const osrmRoute = (meters: number, seconds: number) => ({
  code: 'Ok',
  routes: [{ distance: meters, duration: seconds, legs: [], weight: seconds, weight_name: 'routability' }],
  waypoints: [],
});

describe('arrival time estimates', () => {
  let osrm: Awaited<ReturnType<typeof startLoopbackService>>;
  const warnings: string[] = [];
  const log = { warn: (_object: object, message: string) => void warnings.push(message) };
  beforeAll(async () => {
    osrm = await startLoopbackService();
  });
  afterAll(() => osrm.close());

  it('uses the straight line by default: 1.3 times the distance at 40 km/h', async () => {
    expect(createEtaEstimator({ ROUTING_URL: undefined }, log)).toBe(straightLineEstimator);
    expect(await straightLineEstimator.estimate(oakland, jobPlace)).toEqual({ meters: 13_728, seconds: 1235 });
    expect(await straightLineEstimator.estimate(jobPlace, jobPlace)).toEqual({ meters: 0, seconds: 0 });
  });

  it('asks the routing service for the route, longitude first, and takes its meters and seconds', async () => {
    osrm.answerJson(200, osrmRoute(15_234.6, 1111.4));
    const estimator = createEtaEstimator({ ROUTING_URL: osrm.baseUrl }, log);
    expect(await estimator.estimate(oakland, jobPlace)).toEqual({ meters: 15_235, seconds: 1111 });
    expect(osrm.requests.at(-1)!.url).toBe('/route/v1/driving/-122.2712,37.8044;-122.3892,37.7864?overview=false');
  });

  it('falls back to the straight line, and says so in the log, when the service fails', async () => {
    const estimator = createOsrmEstimator({ baseUrl: osrm.baseUrl, log, timeoutMs: 200 });
    const fallback = straightLineEstimate(oakland, jobPlace);
    const failures: Array<() => void> = [
      () => osrm.answerJson(500, { message: 'internal' }),
      () => osrm.answerJson(200, { code: 'NoRoute', message: 'Impossible route between points', routes: [] }),
      () => osrm.answerJson(200, 'not json'),
      () => osrm.answerJson(200, { code: 'Ok', routes: [{ distance: -1, duration: 'soon' }] }),
      () => osrm.hang(),
    ];
    for (const fail of failures) {
      fail();
      warnings.length = 0;
      const started = Date.now();
      expect(await estimator.estimate(oakland, jobPlace)).toEqual(fallback);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(warnings).toEqual(['routing failed: using the straight-line estimate']);
    }
    // A service that is not there at all.
    const gone = createOsrmEstimator({ baseUrl: 'http://127.0.0.1:9', log, timeoutMs: 200 });
    expect(await gone.estimate(oakland, jobPlace)).toEqual(fallback);
  });

  it('asks once per pair of points while it remembers', async () => {
    let asked = 0;
    const counting: EtaEstimator = { estimate: async (from, to) => (asked++, straightLineEstimate(from, to)) };
    const remembered = rememberEstimates(counting, 2);
    await remembered.estimate(oakland, jobPlace);
    await remembered.estimate(oakland, jobPlace);
    expect(asked).toBe(1);
    await remembered.estimate(jobPlace, oakland);
    await remembered.estimate(jobPlace, jobPlace);
    // Past its size the oldest pair is forgotten.
    await remembered.estimate(oakland, jobPlace);
    expect(asked).toBe(4);
  });
});

describe.each(databaseKinds)('the tracking answer with ROUTING_URL on %s', (kind) => {
  let osrm: Awaited<ReturnType<typeof startLoopbackService>>;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    osrm = await startLoopbackService();
    env.ROUTING_URL = osrm.baseUrl;
  });
  afterAll(() => osrm.close());
  const k = useTrackingTestApp(kind, env);

  it("shows the service's time and sends 'Arriving soon' on its 5 minutes, far as the crow flies", async () => {
    const { booking, detailer } = await k.trip();
    await k.shareToday(detailer);
    osrm.answerJson(200, osrmRoute(16_000, 25 * 60));
    expect((await k.postPosition(detailer.user, { bookingId: booking.id, ...oakland })).statusCode).toBe(204);
    const read = async () => (await k.call(k.people.customer, 'GET', `/api/bookings/${booking.id}/tracking`)).json() as BookingTracking;
    expect(await read()).toMatchObject({ etaMinutes: 25, distanceMeters: 16_000 });
    expect(await k.arrivalNoticesOf(booking.id)).toHaveLength(0);

    // Same place, but the road is clear now: 4 minutes by the service, though 10 km away in a straight line.
    osrm.answerJson(200, osrmRoute(9_000, 4 * 60));
    k.clock.advance(5_000);
    expect((await k.postPosition(detailer.user, { bookingId: booking.id, latitude: 37.8045, longitude: -122.2712 })).statusCode).toBe(204);
    const notices = await k.arrivalNoticesOf(booking.id);
    expect(notices.map((n) => n.message)).toEqual([expect.stringMatching(/ is about 4 minutes away$/)]);
    expect(await read()).toMatchObject({ etaMinutes: 4, distanceMeters: 9_000 });
  });
});
