import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { homeJsBudgetBytes, measureBundle } from './bundle-size.ts';
import { measureApiThroughput } from './api-throughput.ts';
import {
  buildWithoutTheApp,
  buildWithReactOnly,
  calibratedSlowdown,
  lighthouseTable,
  measureLighthouse,
  median,
  type PageResult,
} from './lighthouse.ts';
import { benchPostgresUrl, notificationLatencyLines } from './notification-latency.ts';
import { benchTrackingRounds, trackingLatencyLines } from './tracking-latency.ts';
import { busyShopLines } from './busy-shop.ts';
import { describeInteraction, measureInteraction } from './interaction.ts';
import { startTimeLines } from './start-time.ts';

// Figures, not pass/fail: each is one run on this machine, printed for the closing notes (bench/README.md says
// what each one means). One heavy step at a time: the build, Lighthouse, the API load, the live events.
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const runsSetting = process.env.BENCH_LIGHTHOUSE_RUNS ?? '5';
const lighthouseRuns = Number(runsSetting);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 0)
  throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number, not "${runsSetting}"`);
benchTrackingRounds(); // a wrong BENCH_TRACKING_ROUNDS fails now, not after the rest of the bench
// PostgreSQL figures need a server: BENCH_DATABASE_URL, else TEST_DATABASE_URL (the helpers create and drop a
// database of their own on it). Without either they are left out.
const postgresUrl = benchPostgresUrl();
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;

const slowdownSetting = process.env.BENCH_CPU_SLOWDOWN;
if (slowdownSetting !== undefined && !(Number(slowdownSetting) >= 1))
  throw new Error(`BENCH_CPU_SLOWDOWN must be a number from 1, not "${slowdownSetting}"`);
let interactionSlowdown: number | null = slowdownSetting === undefined ? null : Number(slowdownSetting);

const clientDir = mkdtempSync(path.join(tmpdir(), 'glossly-bench-client-'));
const floorDir = `${clientDir}-without-the-app`;
const reactFloorDir = `${clientDir}-react-only`;
try {
  const bundle = await measureBundle(rootDir, clientDir);
  console.log(
    `JS loaded by / (gzip): ${kb(bundle.appBytes)}; React hello baseline: ${kb(bundle.helloBytes)}; ratio ${bundle.ratio.toFixed(2)}x (target <= 1.3x; budget ${kb(homeJsBudgetBytes)})`,
  );
  console.log(`  by package: ${[...bundle.byPackage].map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`);

  if (lighthouseRuns > 0) {
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
    const onPage = (page: PageResult) =>
      console.error(`  lighthouse: ${page.label} done${page.warnings.length ? ` (warnings: ${page.warnings.join('; ')})` : ''}`);
    const runsText = lighthouseRuns === 1 ? '1 run' : `median of ${lighthouseRuns} runs`;
    const targets = 'targets: perf >= 95, LCP <= 1.8 s, TBT <= 150 ms, CLS <= 0.02, a11y 100, best practices 100';
    console.log(
      `Lighthouse ${runsText} a page, mobile (simulated slow 4G, Lighthouse's default 4x CPU), Chromium ${await chromiumVersion()}`,
    );
    const uncalibrated = await measureLighthouse({ clientDir, runs: lighthouseRuns, only, onPage });
    for (const line of lighthouseTable(uncalibrated)) console.log(line);
    // The same phone on any host: the slowdown Lighthouse's guide gives for the index these runs measured.
    const index = median(uncalibrated.map((page) => page.figures.benchmarkIndex));
    const slowdown = calibratedSlowdown(index);
    console.log(
      `Lighthouse ${runsText} a page, calibrated: host benchmark index ${index.toFixed(0)} -> CPU slowdown ${slowdown.toFixed(1)}x; ${targets}`,
    );
    const calibrated = await measureLighthouse({ clientDir, runs: lighthouseRuns, only, onPage, slowdown });
    for (const line of lighthouseTable(calibrated)) console.log(line);
    if (slowdownSetting === undefined) interactionSlowdown = slowdown;
    if (process.env.BENCH_LIGHTHOUSE_FLOOR === '1') {
      // The same pages, drawn by the server, with no script at all: how much of each TBT above is this machine's
      // style, layout and paint of the page itself, which no change to the app's code removes (decision 032).
      await buildWithoutTheApp(clientDir, floorDir);
      console.log('The same pages with the app left out (start-app.js empty), calibrated: the floor under the TBT above');
      const floor = await measureLighthouse({ clientDir: floorDir, runs: lighthouseRuns, only, onPage, slowdown });
      for (const line of lighthouseTable(floor)) console.log(line);
      await buildWithReactOnly(rootDir, clientDir, reactFloorDir);
      console.log(
        'The same pages with React alone rendering "hello" in place of the app, calibrated: what any React app adds to the floor',
      );
      const reactFloor = await measureLighthouse({ clientDir: reactFloorDir, runs: lighthouseRuns, only, onPage, slowdown });
      for (const line of lighthouseTable(reactFloor)) console.log(line);
    }
  } else {
    console.log('Lighthouse: skipped (BENCH_LIGHTHOUSE_RUNS=0)');
  }
  // The booking journey's taps at the calibrated slowdown (or BENCH_CPU_SLOWDOWN), on the same build.
  if (interactionSlowdown !== null) {
    for (const line of describeInteraction(await measureInteraction({ clientDir, slowdown: interactionSlowdown }))) console.log(line);
  } else {
    console.log('Booking journey taps: skipped (no Lighthouse run to calibrate the slowdown; set BENCH_CPU_SLOWDOWN)');
  }
} finally {
  rmSync(clientDir, { recursive: true, force: true });
  rmSync(floorDir, { recursive: true, force: true });
  rmSync(reactFloorDir, { recursive: true, force: true });
}

for (const kind of postgresUrl ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
  const api = await measureApiThroughput(kind);
  console.log(
    `GET /api/services on ${kind}: ${api.servicesRps.toFixed(0)} req/s; bare Fastify route: ${api.bareRps.toFixed(0)} req/s; ratio ${api.ratio.toFixed(2)} (target >= 0.7)`,
  );
}
if (!postgresUrl) console.log('PostgreSQL figures: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');

for (const line of await notificationLatencyLines()) console.log(line);
for (const line of await trackingLatencyLines()) console.log(line);
for (const line of await busyShopLines()) console.log(line);
for (const line of await startTimeLines(rootDir)) console.log(line);

async function chromiumVersion(): Promise<string> {
  const { execFile } = await import('node:child_process');
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  return new Promise((resolve) =>
    execFile(chromePath, ['--version'], (error, stdout) =>
      resolve(error ? `(${chromePath})` : (stdout.match(/[\d.]+/)?.[0] ?? stdout.trim())),
    ),
  );
}
