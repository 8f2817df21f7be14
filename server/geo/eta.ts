import { z } from 'zod';
import { straightLineEstimate, type Coordinates, type TravelEstimate } from '@core/domain/geo.ts';
import type { Config } from '../config.ts';
import type { AppLog } from '../context.ts';

/**
 * How far and how long the drive from the detailer to the job is. One interface with the offline default (the
 * straight line times a road factor at an average speed, core/domain/geo.ts) and an OSRM-compatible service chosen
 * by ROUTING_URL, as payments has its gateways.
 */
export interface EtaEstimator {
  estimate(from: Coordinates, to: Coordinates): Promise<TravelEstimate>;
}

export const straightLineEstimator: EtaEstimator = {
  async estimate(from, to) {
    return straightLineEstimate(from, to);
  },
};

export const routingTimeoutMs = 2_000;

/** OSRM's /route answer: `code` 'Ok' and the routes, best first, in meters and seconds. */
const routeAnswerSchema = z.object({
  code: z.literal('Ok'),
  routes: z.array(z.object({ distance: z.number().min(0), duration: z.number().min(0) })).min(1),
});

export type OsrmEstimatorOptions = {
  /** ROUTING_URL, without a trailing slash. */
  baseUrl: string;
  log: Pick<AppLog, 'warn'>;
  timeoutMs?: number;
};

/**
 * An OSRM-compatible routing service: GET {base}/route/v1/driving/{lng},{lat};{lng},{lat}?overview=false. When it
 * fails (down, slow, no route, an answer we cannot read) the straight line answers instead: a customer waiting for
 * the detailer is better served by a rough time than by none, and a position must never be refused for it.
 */
export function createOsrmEstimator({ baseUrl, log, timeoutMs = routingTimeoutMs }: OsrmEstimatorOptions): EtaEstimator {
  return {
    async estimate(from, to) {
      const path = `${from.longitude},${from.latitude};${to.longitude},${to.latitude}`;
      try {
        const response = await fetch(`${baseUrl}/route/v1/driving/${path}?overview=false`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`the routing service answered ${response.status}`);
        const [route] = routeAnswerSchema.parse(await response.json()).routes;
        return { meters: Math.round(route!.distance), seconds: Math.round(route!.duration) };
      } catch (error) {
        log.warn({ err: error, from, to }, 'routing failed: using the straight-line estimate');
        return straightLineEstimate(from, to);
      }
    },
  };
}

/** The estimator the configuration chose. */
export function createEtaEstimator(config: Pick<Config, 'ROUTING_URL'>, log: Pick<AppLog, 'warn'>): EtaEstimator {
  return config.ROUTING_URL ? createOsrmEstimator({ baseUrl: config.ROUTING_URL, log }) : straightLineEstimator;
}

/**
 * Remembers the last estimates by their two points: a position is estimated once when it arrives (the arrival
 * check) and then read by the customer's and the admins' screens, which refetch on every position, so a routing
 * service is asked once per position rather than once per reader. Oldest entries go first past `size`.
 */
export function rememberEstimates(estimator: EtaEstimator, size = 1_000): EtaEstimator {
  const remembered = new Map<string, Promise<TravelEstimate>>();
  const key = (point: Coordinates) => `${point.latitude.toFixed(5)},${point.longitude.toFixed(5)}`;
  return {
    estimate(from, to) {
      const pair = `${key(from)};${key(to)}`;
      const known = remembered.get(pair);
      if (known) return known;
      const estimate = estimator.estimate(from, to);
      remembered.set(pair, estimate);
      if (remembered.size > size) remembered.delete(remembered.keys().next().value!);
      return estimate;
    },
  };
}
