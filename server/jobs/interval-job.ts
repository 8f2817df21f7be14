import type { FastifyInstance } from 'fastify';

/**
 * Runs one pass of a job every `intervalMs` while the app is up and stops when it closes. Passes never overlap;
 * a failed pass is logged and the next one runs as usual. Passes are safe on several instances at once: each job's
 * writes are conditional in the database.
 */
export function startIntervalJob<T>(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  runPass: (db: FastifyInstance['db'], now: Date) => Promise<T>,
  didWork: (result: T) => boolean,
): void {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    runPass(app.db, app.clock.now())
      .then((result) => {
        if (didWork(result)) app.log.info({ job: name, result }, `${name} done`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        isRunning = false;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
