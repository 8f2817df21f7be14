import { EventEmitter } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drainOnSignals } from './shutdown.ts';

/** A bare app with one route that never answers, a log that the test reads, and the signals and exit in hand. */
async function hangingApp() {
  const lines: string[] = [];
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream: log } });
  app.decorate('realtime', { connectionCount: () => 2 } as never);
  let reached: () => void = () => undefined;
  const routeReached = new Promise<void>((resolve) => (reached = resolve));
  app.post('/api/uploads', () => {
    reached();
    return new Promise(() => undefined);
  });
  const signals = new EventEmitter();
  const exits: number[] = [];
  let exit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  let databaseClosed = false;
  drainOnSignals(app, {
    closeDatabase: async () => {
      databaseClosed = true;
    },
    limitMs: 300,
    exit: (code) => {
      exits.push(code);
      exit(code);
    },
    signals: signals as unknown as Pick<NodeJS.Process, 'on'>,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const hanging = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/uploads?x=1',
    headers: { 'content-type': 'application/json' },
  });
  hanging.on('error', () => undefined);
  hanging.end('{}');
  // The request is in the route once its handler has been called.
  await routeReached;
  return { app, signals, exits, exited, lines, isDatabaseClosed: () => databaseClosed, hanging };
}

describe('drainOnSignals', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  it('exits 1 when the drain runs out of time, logging what was still open', async () => {
    const { app, signals, exited, lines, exits, isDatabaseClosed, hanging } = await hangingApp();
    cleanup = () => {
      hanging.destroy();
      app.server.closeAllConnections();
    };
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await exited).toBe(1);
    expect(exits).toEqual([1]);
    expect(isDatabaseClosed()).toBe(false);
    const deadline = lines
      .map((line) => JSON.parse(line) as { msg: string; stillOpen?: { step: string; requests: string[]; liveStreams: number } })
      .find((line) => line.msg.startsWith('not drained'));
    expect(deadline?.msg).toBe('not drained within 0.3 s: exiting anyway');
    expect(deadline?.stillOpen).toMatchObject({ step: 'requests and live streams', liveStreams: 2 });
    expect(deadline?.stillOpen?.requests).toEqual([expect.stringMatching(/^POST \/api\/uploads \(\d+\.\d s\)$/)]);
  });

  it('exits at once on a second signal', async () => {
    const { app, signals, exited, exits, lines, hanging } = await hangingApp();
    cleanup = () => {
      hanging.destroy();
      app.server.closeAllConnections();
    };
    signals.emit('SIGTERM', 'SIGTERM');
    signals.emit('SIGINT', 'SIGINT');
    expect(await exited).toBe(1);
    expect(exits).toEqual([1]);
    expect(lines.some((line) => line.includes('SIGINT again while draining: exiting now'))).toBe(true);
  });
});
