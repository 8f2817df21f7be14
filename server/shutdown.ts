import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How long a drain may take before the process exits anyway (decision 041): under the 10 s an orchestrator is told
 * to allow, with a margin for the last log line.
 */
export const drainLimitMs = 9_000;

/** What a client told to come back during a drain should wait, in seconds (another instance answers meanwhile). */
export const drainRetryAfterSeconds = 5;

type Exit = (code: number) => void;

export type DrainOptions = {
  /** How long to keep serving, /api/health answering 503, before the drain closes the server (DRAIN_NOTICE_MS). */
  noticeMs?: number;
  /** The database's close, after the app's (its jobs and deliveries still use it while the app closes). */
  closeDatabase: () => Promise<void>;
  limitMs?: number;
  /** process.exit; tests hand a spy. */
  exit?: Exit;
  /** Where the signals come from; tests hand an emitter. */
  signals?: Pick<NodeJS.Process, 'on'>;
};

/** The step a drain is waiting on, for the line logged if it runs out of time. */
type Step = 'requests and live streams' | 'jobs and deliveries' | 'database';

/**
 * On SIGTERM or SIGINT, drains instead of dropping what is running (decision 041):
 * - for `noticeMs` the instance still serves, every answer closing its connection, while /api/health answers 503:
 *   a balancer's health check takes it out of rotation before it stops listening (closing a listening socket resets
 *   the connections the kernel has queued for it, a request the balancer cannot safely send elsewhere);
 * - no new connection is accepted, idle kept-alive ones are closed, and a request that still arrives on an open
 *   connection is answered 503 with `Retry-After` and `Connection: close` (Fastify's return503OnClosing; the two
 *   headers are set here), so a load balancer or browser retries on another instance;
 * - requests already running finish, their answers closing the connection behind them;
 * - live streams end with a `retry:` hint (server/notifications/realtime-plugin.ts), so browsers reconnect elsewhere;
 * - a job pass or delivery in progress finishes (the app's onClose hooks), then the database closes, exit 0.
 * Whatever is still open after `limitMs` is logged and the process exits 1; a second signal exits 1 at once.
 * Registered before listen(): it adds an onClose hook.
 */
export function drainOnSignals(
  app: FastifyInstance,
  { closeDatabase, noticeMs = 0, limitMs = drainLimitMs, exit = process.exit, signals = process }: DrainOptions,
): void {
  const running = new Map<ServerResponse, { method: string; url: string; since: number }>();
  let drainingSince: number | undefined;
  let step: Step = 'requests and live streams';

  // Prepended, so that it runs before Fastify's own listener: the headers are on the response before it answers.
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (drainingSince !== undefined) {
      response.setHeader('retry-after', String(drainRetryAfterSeconds));
      response.setHeader('connection', 'close');
    }
    running.set(response, { method: request.method ?? '', url: (request.url ?? '').split('?')[0]!, since: Date.now() });
    response.once('close', () => running.delete(response));
  });
  app.addHook('onClose', async () => {
    // Fastify's own close (the server's) ran first: no connection is left, only what the app's hooks wait for.
    step = 'jobs and deliveries';
  });

  const stillOpen = () => {
    const now = Date.now();
    return {
      step,
      requests: [...running.values()].map(({ method, url, since }) => `${method} ${url} (${((now - since) / 1000).toFixed(1)} s)`),
      liveStreams: app.realtime.connectionCount(),
    };
  };

  const drain = (signal: NodeJS.Signals) => {
    if (drainingSince !== undefined) {
      app.log.warn({ signal, stillOpen: stillOpen() }, `${signal} again while draining: exiting now`);
      exit(1);
      return;
    }
    drainingSince = Date.now();
    app.draining = true;
    app.log.info({ signal, requests: running.size, liveStreams: app.realtime.connectionCount() }, `${signal}: draining`);
    // The answers still to come close their connections: the client's next request opens one elsewhere.
    for (const response of running.keys()) if (!response.headersSent) response.setHeader('connection', 'close');
    const deadline = setTimeout(() => {
      app.log.error({ stillOpen: stillOpen() }, `not drained within ${limitMs / 1000} s: exiting anyway`);
      exit(1);
    }, limitMs);
    new Promise((resolve) => setTimeout(resolve, noticeMs))
      .then(() => app.close())
      .then(() => {
        step = 'database';
        return closeDatabase();
      })
      .then(
        () => {
          clearTimeout(deadline);
          app.log.info({ drainedMs: Date.now() - drainingSince! }, 'drained');
          exit(0);
        },
        (error: unknown) => {
          clearTimeout(deadline);
          app.log.error({ err: error, stillOpen: stillOpen() }, 'closing failed');
          exit(1);
        },
      );
  };
  signals.on('SIGTERM', drain);
  signals.on('SIGINT', drain);
}
