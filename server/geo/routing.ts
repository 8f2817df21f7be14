import { straightLineDriveSeconds, type DriveSeconds } from '@core/domain/drive-time.ts';
import type { Coordinates } from '@core/domain/geo.ts';
import type { Config } from '../config.ts';
import type { AppLog } from '../context.ts';
import { createEtaEstimator, rememberEstimates, straightLineEstimator, type EtaEstimator } from './eta.ts';

/**
 * Drive times between jobs (issue 20). The routing interface is live tracking's (server/geo/eta.ts): the
 * straight line by default, an OSRM-compatible service when ROUTING_URL is set, one variable so nothing can be
 * half-set. A routing service is asked before any transaction and its answers kept in a lookup: the booking check
 * runs under the detailer's row lock and must never wait on the network there.
 */
export type Router = EtaEstimator;
export const straightLineRouter: Router = straightLineEstimator;

/**
 * The router ROUTING_URL chooses, remembering answers by their two points (job places are ZIP centres). Built once
 * per app in buildApp (`ctx.router`), so what it remembers lives as long as the app.
 */
export function createRouter(config: Pick<Config, 'ROUTING_URL'>, log: Pick<AppLog, 'warn'>): Router {
  if (!config.ROUTING_URL) return straightLineRouter;
  return rememberEstimates(createEtaEstimator(config, log));
}

const key = (from: Coordinates, to: Coordinates) =>
  `${from.latitude.toFixed(5)},${from.longitude.toFixed(5)};${to.latitude.toFixed(5)},${to.longitude.toFixed(5)}`;

/**
 * Asks the router for every pair once and answers from those replies; a pair not asked (a job that appeared after
 * the look-up, seen only under the lock) gets the straight line.
 */
export async function driveSecondsFor(router: Router, pairs: readonly [Coordinates, Coordinates][]): Promise<DriveSeconds> {
  if (router === straightLineRouter) return straightLineDriveSeconds;
  const known = new Map<string, number>();
  await Promise.all(
    pairs.map(async ([from, to]) => {
      const id = key(from, to);
      if (!known.has(id)) known.set(id, (await router.estimate(from, to)).seconds);
    }),
  );
  return (from, to) => known.get(key(from, to)) ?? straightLineDriveSeconds(from, to);
}

/** The pairs a job at `place` is judged on: from each other job's place to it, and from it to each. */
export function pairsAround(place: Coordinates | null, others: readonly { place: Coordinates | null }[]): [Coordinates, Coordinates][] {
  if (!place) return [];
  return others.flatMap((other) =>
    other.place
      ? ([
          [other.place, place],
          [place, other.place],
        ] as [Coordinates, Coordinates][])
      : [],
  );
}
