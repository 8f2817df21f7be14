import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** A pass still running after this long is abandoned so that the job is not stopped for good (decision 011). */
export const defaultPassTimeoutMs = 60_000;

export type IntervalJobOptions = {
  /** How long one pass may run before it is logged as stuck and abandoned; default 60 s. */
  passTimeoutMs?: number;
};

/**
 * Runs one pass of a job every `intervalMs` while the app is up and stops when it closes. Passes never overlap;
 * a failed pass is logged and the next one runs as usual. A pass that runs longer than `passTimeoutMs` is logged
 * as an error and abandoned (its promise is left to settle on its own; PostgreSQL's statement timeout ends a
 * stuck query), and the next pass runs on schedule. Passes are safe on several instances at once: each job's
 * writes are conditional in the database, which also makes an abandoned pass that wakes up harmless.
 */
export function startIntervalJob<T>(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  runPass: (ctx: AppContext, now: Date) => Promise<T>,
  didWork: (result: T) => boolean,
  options: IntervalJobOptions = {},
): void {
  const passTimeoutMs = options.passTimeoutMs ?? defaultPassTimeoutMs;
  /** The pass being waited for (settled, failed or abandoned: it never rejects); undefined between passes. */
  let current: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (current) return;
    let abandon: NodeJS.Timeout | undefined;
    const pass = Promise.resolve()
      .then(() => runPass(app.ctx, app.ctx.clock.now()))
      .then((result) => {
        if (didWork(result)) app.log.info({ job: name, result }, `${name} done`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`));
    const stuck = new Promise<void>((resolve) => {
      abandon = setTimeout(() => {
        app.log.error({ job: name, passTimeoutMs }, `${name} took longer than ${passTimeoutMs / 1000} s: pass abandoned`);
        resolve();
      }, passTimeoutMs);
      abandon.unref();
    });
    const settled = Promise.race([pass, stuck]).finally(() => {
      clearTimeout(abandon);
      // Only this pass's own end frees the slot; an abandoned pass finishing later changes nothing.
      if (current === settled) current = undefined;
    });
    current = settled;
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Let a pass in progress finish (or time out) before the database it uses is closed.
    await current;
  });
}
