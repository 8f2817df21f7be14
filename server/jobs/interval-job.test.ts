import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { defaultPassTimeoutMs, startIntervalJob } from './interval-job.ts';

/** Just what the runner uses of the app: its context (clock), log and the onClose hook. */
function fakeApp() {
  const onClose: Array<() => Promise<void>> = [];
  const log = { info: vi.fn(), error: vi.fn() };
  const app = {
    ctx: { db: {}, clock: { now: () => new Date() } },
    log,
    addHook: (_name: 'onClose', hook: () => Promise<void>) => onClose.push(hook),
  } as unknown as FastifyInstance;
  return { app, log, close: () => Promise.all(onClose.map((hook) => hook())) };
}

const never = () => new Promise<never>(() => undefined);

describe('startIntervalJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('abandons a pass that runs past the limit, logs an error and runs the next passes', async () => {
    const { app, log, close } = fakeApp();
    const starts: number[] = [];
    const runPass = vi.fn(async () => {
      starts.push(Date.now());
      // The first pass hangs for good (a query that never answers); the later ones finish.
      if (starts.length === 1) return never();
      return { n: 1 };
    });
    startIntervalJob(app, 'test job', 1000, runPass, () => true, { passTimeoutMs: 5000 });

    await vi.advanceTimersByTimeAsync(1000);
    expect(runPass).toHaveBeenCalledTimes(1);
    // While the stuck pass is within its limit, no second pass starts beside it.
    await vi.advanceTimersByTimeAsync(4000);
    expect(runPass).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1000);
    expect(log.error).toHaveBeenCalledWith({ job: 'test job', passTimeoutMs: 5000 }, 'test job took longer than 5 s: pass abandoned');
    // The next tick runs a pass again, and every tick after it.
    await vi.advanceTimersByTimeAsync(2000);
    expect(runPass).toHaveBeenCalledTimes(3);
    expect(log.info).toHaveBeenCalledWith({ job: 'test job', result: { n: 1 } }, 'test job done');
    await close();
  });

  it('never runs two passes at once while a slow pass is within the limit', async () => {
    const { app, close } = fakeApp();
    let running = 0;
    let most = 0;
    const runPass = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      running -= 1;
      return 0;
    };
    startIntervalJob(app, 'slow job', 1000, runPass, () => false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(most).toBe(1);
    const closed = close();
    await vi.advanceTimersByTimeAsync(2500);
    await closed;
  });

  it('logs a failed pass and keeps going; the limit defaults to 60 s', async () => {
    const { app, log, close } = fakeApp();
    const runPass = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(0);
    startIntervalJob(app, 'flaky job', 1000, runPass, () => false);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runPass).toHaveBeenCalledTimes(3);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'boom' }) }, 'flaky job failed');
    expect(defaultPassTimeoutMs).toBe(60_000);
    await close();
  });

  it('a pass that throws synchronously is logged like a failed one', async () => {
    const { app, log, close } = fakeApp();
    const runPass = vi.fn(() => {
      throw new Error('sync boom');
    });
    startIntervalJob(app, 'sync job', 1000, runPass, () => false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runPass).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(2);
    await close();
  });

  it('stops on close, after the pass in progress ends', async () => {
    const { app, close } = fakeApp();
    let finished = false;
    const runPass = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = true;
      return 0;
    });
    startIntervalJob(app, 'closing job', 1000, runPass, () => false);
    await vi.advanceTimersByTimeAsync(1000);
    const closed = close();
    await vi.advanceTimersByTimeAsync(500);
    await closed;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runPass).toHaveBeenCalledTimes(1);
  });
});
