import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm start` timed the way a newcomer meets it (issue 40): a clone of HEAD (git archive) with this checkout's
// node_modules linked in, `npm run prepare` as `npm install` runs it (timed apart: that is the install's cost),
// then `npm start` on a new DATA_DIR until /api/health answers and until the demo history is in, then a second
// `npm start` on the same folder. Figures, not a test; BENCH_START=0 leaves it out.

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type Started = { process: ChildProcess; healthMs: number; historyMs: Promise<number | null> };

/** `npm start` in `dir` until /api/health answers; the history's promise settles when its log line comes (or never). */
async function startUntilHealthy(dir: string, dataDir: string, port: number, limitMs = 180_000): Promise<Started> {
  // The embedded database and no Redis, whatever the bench's own environment holds: the newcomer's start.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const began = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: npm, the build scripts and the server stop together
  });
  const historyMs = new Promise<number | null>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('demo history written')) resolve(performance.now() - began);
    });
    child.once('exit', () => resolve(null));
  });
  child.stderr!.resume();
  while (performance.now() - began < limitMs) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before answering`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { process: child, healthMs: performance.now() - began, historyMs };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop(child);
  throw new Error(`npm start did not answer /api/health within ${seconds(limitMs)}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid!, 'SIGTERM');
  return exited;
}

/** The figures' lines: install-time build, first start (health, history), later start. */
export async function startTimeLines(rootDir: string): Promise<string[]> {
  if (process.env.BENCH_START === '0') return ['npm start: skipped (BENCH_START=0)'];
  const dir = mkdtempSync(path.join(tmpdir(), 'glossly-bench-start-'));
  try {
    execFileSync('sh', ['-c', `git archive HEAD | tar -x -C '${dir}'`], { cwd: rootDir });
    symlinkSync(path.join(rootDir, 'node_modules'), path.join(dir, 'node_modules'));
    const prepareStarted = performance.now();
    execFileSync('npm', ['run', 'prepare'], { cwd: dir, stdio: 'ignore' });
    const prepareMs = performance.now() - prepareStarted;
    const dataDir = path.join(dir, '.data');
    const port = await freePort();

    const first = await startUntilHealthy(dir, dataDir, port);
    const historyMs = await Promise.race([first.historyMs, new Promise<null>((resolve) => setTimeout(() => resolve(null), 300_000))]);
    await stop(first.process);
    const later = await startUntilHealthy(dir, dataDir, port);
    await stop(later.process);
    return [
      `npm install's build (prepare: client and server): ${seconds(prepareMs)}`,
      `npm start on a fresh clone, new DATA_DIR: /api/health after ${seconds(first.healthMs)} (target <= 15 s); demo history in after ${historyMs === null ? 'more than 300 s' : seconds(historyMs)}`,
      `npm start again, same DATA_DIR: /api/health after ${seconds(later.healthMs)} (target <= 3 s)`,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (const line of await startTimeLines(rootDir)) console.log(line);
}
