import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { demoAccounts, demoPassword } from '../server/identity/demo-accounts.ts';
import { buildReactHello } from './bundle-size.ts';

// Lighthouse (mobile form factor, simulated slow 4G and 4x CPU slowdown: its defaults) on the main screens of
// the built client, served by bench/lighthouse-server.ts, through Debian's Chromium. Each page is run `runs` times,
// each run in a fresh Chromium, and every figure printed is the median of its runs. Bounded: one server on a
// loopback port, one browser at a time, each run given at most Lighthouse's own page-load limits.

export type LighthouseFigures = {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster; about 1,500 on this one idle). */
  benchmarkIndex: number;
};

export type PageResult = {
  label: string;
  runs: number;
  figures: LighthouseFigures;
  warnings: string[];
  /** The accessibility and best-practices audits that failed in any run, as `category: audit-id`. */
  failedAudits: string[];
};

type RunResult = { figures: LighthouseFigures; warnings: string[]; failedAudits: string[] };

export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Starts bench/lighthouse-server.ts on the built client and resolves with its URL once it answers. */
export async function startServer(clientDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'lighthouse-server.ts')], {
    env: { ...process.env, BENCH_CLIENT_DIR: clientDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it started`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  try {
    return { url: await started, child };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A JSON call to the bench server; throws on any status but 2xx. */
async function api<T>(
  base: string,
  method: string,
  route: string,
  cookie?: string,
  body?: object,
): Promise<{ data: T; response: Response }> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return { data: (await response.json()) as T, response };
}

/** Signs a seeded demo account in through the API, as the login form does; answers the Cookie header. */
export async function signIn(base: string, role: keyof typeof demoAccounts): Promise<string> {
  const { response } = await api(base, 'POST', '/api/auth/login', undefined, { email: demoAccounts[role].email, password: demoPassword });
  // The session and the page-readable signed-in hint (core/domain/session-hint.ts), as one Cookie header.
  const pairs = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!pairs.some((pair) => pair.startsWith('glossly_session='))) throw new Error('signing in set no session cookie');
  return pairs.join('; ');
}

/** Books service 1 for the customer at its detailer's first free slot from tomorrow on; answers the booking id. */
async function createBooking(base: string, cookie: string): Promise<number> {
  const serviceId = 1;
  const { data: service } = await api<{ detailerId: number }>(base, 'GET', `/api/services/${serviceId}`);
  for (let day = 1; day <= 30; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const { data } = await api<{ slots: { time: string; available: boolean }[] }>(
      base,
      'GET',
      `/api/detailers/${service.detailerId}/availability?date=${date}&serviceId=${serviceId}`,
    );
    const slot = data.slots.find((s) => s.available);
    if (!slot) continue;
    const { data: booking } = await api<{ id: number }>(base, 'POST', '/api/bookings', cookie, {
      detailerId: service.detailerId,
      serviceId,
      vehicleType: 'Sedan',
      notes: '',
      date,
      time: slot.time,
      address: '1 Market St',
      apt: '',
      city: 'San Francisco',
      zip: '94105',
    });
    return booking.id;
  }
  throw new Error('no free slot for service 1 in the next 30 days');
}

/**
 * Lighthouse's own calibration (its throttling guide and CPU throttling calculator): the CPU slowdown that makes a
 * host of this benchmark index behave like the mid-range phone Lighthouse's 4x assumes of a 1,533 host. 800 is 2x,
 * 1,300 is 3x, then one more for every 233 points (1,533 is 4x, 2,000 is 6x). Below 800 the host is slower than
 * the phone; it is never sped up.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, benchmarkIndex / 400);
}

/** Lighthouse's mobile defaults (simulated slow 4G) with the given CPU slowdown. */
const mobileWithSlowdown = (cpuSlowdownMultiplier: number) => ({
  extends: 'lighthouse:default' as const,
  settings: {
    throttling: {
      rttMs: 150,
      throughputKbps: 1638.4,
      requestLatencyMs: 562.5,
      downloadThroughputKbps: 1474.56,
      uploadThroughputKbps: 675,
      cpuSlowdownMultiplier,
    },
  },
});

/** One Lighthouse run of `url` in a fresh Chromium; `slowdown` replaces the default 4x CPU slowdown. */
async function runOnce(url: string, cookie: string | undefined, chromePath: string, slowdown?: number): Promise<RunResult> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    // Real cookies in the browser's jar (not extra request headers): the page reads the signed-in hint itself.
    if (cookie) {
      const domain = new URL(url).hostname;
      await browser.setCookie(
        ...cookie.split('; ').map((pair) => {
          const [name, value] = pair.split('=') as [string, string];
          return { name, value, domain, path: '/' };
        }),
      );
    }
    const page = await browser.newPage();
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      slowdown === undefined ? undefined : mobileWithSlowdown(slowdown),
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // The whole report, to read why a figure is what it is (the long tasks, the LCP element, the failed audits).
    const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}${cookie ? '-signed-in' : ''}-${Date.now()}.json`;
      await writeFile(path.join(reportDir, name), JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failed = (category: string) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id}`);
    return {
      figures: {
        performance: score('performance'),
        lcpMs: value('largest-contentful-paint'),
        fcpMs: value('first-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      },
      warnings: lhr.runWarnings,
      failedAudits: [...failed('accessibility'), ...failed('best-practices')],
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a loaded machine): that run is taken
 * again, up to twice, instead of losing the whole table. Any other error stops the bench.
 */
async function runWithRetries(url: string, cookie: string | undefined, chromePath: string, slowdown?: number): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, cookie, chromePath, slowdown);
    } catch (error) {
      const traceFailure = error instanceof Error && /\((NO_NAVSTART|NO_FCP|NO_TRACING_STARTED)\)/.test(error.message);
      if (!traceFailure || attempt === 3) throw error;
      console.error(`  lighthouse: ${url} run failed (${(error as Error).message}); running it again`);
    }
  }
}

type PageSpec = { path: string | (() => Promise<string>); as?: keyof typeof demoAccounts };

/**
 * Runs Lighthouse `runs` times on each main screen: `/` signed out and signed in (the demo customer's session
 * cookies, set in the browser before the run), `/login`, `/services/1`, `/booking/1`,
 * `/bookings` signed in, `/checkout` for a booking made through the API just before its runs (a hold lasts
 * 15 minutes), the demo detailer's `/detailer` and the demo admin's `/admin`. `slowdown` replaces Lighthouse's 4x
 * CPU slowdown (bench/run.ts passes the calibrated one). `onPage` hears each page's result as soon as it is known.
 */
export async function measureLighthouse(options: {
  clientDir: string;
  runs: number;
  /** Only the pages of these paths (`/checkout` names the checkout of a fresh booking); all when left out. */
  only?: string[];
  chromePath?: string;
  onPage?: (page: PageResult) => void;
  slowdown?: number;
}): Promise<PageResult[]> {
  const chromePath = options.chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const { url: base, child } = await startServer(options.clientDir);
  try {
    const cookies = {
      customer: await signIn(base, 'customer'),
      detailer: await signIn(base, 'detailer'),
      admin: await signIn(base, 'admin'),
    };
    const pages: PageSpec[] = [
      { path: '/' },
      { path: '/', as: 'customer' },
      { path: '/login' },
      { path: '/services/1' },
      { path: '/booking/1' },
      { path: '/bookings', as: 'customer' },
      { path: async () => `/checkout?bookingId=${await createBooking(base, cookies.customer)}`, as: 'customer' },
      { path: '/detailer', as: 'detailer' },
      { path: '/admin', as: 'admin' },
    ];
    const results: PageResult[] = [];
    const wanted = (page: PageSpec) =>
      !options.only || options.only.some((prefix) => (typeof page.path === 'string' ? page.path === prefix : prefix === '/checkout'));
    for (const page of pages.filter(wanted)) {
      const pagePath = typeof page.path === 'string' ? page.path : await page.path();
      const label = `${pagePath}${page.as ? ` (${page.as})` : pagePath === '/' ? ' (signed out)' : ''}`;
      const cookie = page.as ? cookies[page.as] : undefined;
      const runs: RunResult[] = [];
      for (let i = 0; i < options.runs; i++) runs.push(await runWithRetries(`${base}${pagePath}`, cookie, chromePath, options.slowdown));
      const of = (key: keyof LighthouseFigures) => median(runs.map((run) => run.figures[key]));
      const result: PageResult = {
        label,
        runs: runs.length,
        figures: {
          performance: of('performance'),
          lcpMs: of('lcpMs'),
          fcpMs: of('fcpMs'),
          tbtMs: of('tbtMs'),
          cls: of('cls'),
          accessibility: of('accessibility'),
          bestPractices: of('bestPractices'),
          benchmarkIndex: of('benchmarkIndex'),
        },
        warnings: [...new Set(runs.flatMap((run) => run.warnings))],
        failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
      };
      results.push(result);
      options.onPage?.(result);
    }
    return results;
  } finally {
    await stopServer(child);
  }
}

/**
 * A copy of the build at `clientDir` in `floorDir` whose pages never start the app. The server draws every page's
 * first screen in (decisions 024, 025), and client/public/start-app.js is the one script such a page runs: it is
 * emptied, and its compressed copies removed so the server sends the empty one. Lighthouse on the copy measures
 * what the page's HTML, styles, font and images cost this machine with no script at all: the floor under the app's
 * own Total Blocking Time (decision 032).
 */
export async function buildWithoutTheApp(clientDir: string, floorDir: string) {
  await cp(clientDir, floorDir, { recursive: true });
  await writeFile(path.join(floorDir, 'start-app.js'), "// The bench's floor: the drawn page without the app (bench/lighthouse.ts).\n");
  await Promise.all(['.br', '.gz'].map((suffix) => rm(path.join(floorDir, `start-app.js${suffix}`), { force: true })));
}

/**
 * The same drawn pages with React instead of the app: after the first paint (as client/public/start-app.js starts
 * the app), React and react-dom load and render "hello" into a hidden element of their own. The blocking time above
 * the floor without any script that no React app can avoid, whatever its own code does.
 */
export async function buildWithReactOnly(rootDir: string, clientDir: string, reactDir: string) {
  await cp(clientDir, reactDir, { recursive: true });
  const entry = await buildReactHello(rootDir, path.join(reactDir, 'react-hello'), '/react-hello/');
  await writeFile(
    path.join(reactDir, 'start-app.js'),
    `// The bench's React floor: the drawn page, then React rendering "hello" (bench/lighthouse.ts).
new PerformanceObserver(function onPaint(list, observer) {
  if (list.getEntriesByName('first-contentful-paint').length === 0) return;
  observer.disconnect();
  import('/react-hello/${entry}');
}).observe({ type: 'paint', buffered: true });
`,
  );
  await Promise.all(['.br', '.gz'].map((suffix) => rm(path.join(reactDir, `start-app.js${suffix}`), { force: true })));
}

const columns = ['page', 'perf', 'LCP', 'FCP', 'TBT', 'CLS', 'a11y', 'best practices', 'CPU index'] as const;

/** The table bench/run.ts prints: one row a page, medians of its runs; then what kept a score below 100. */
export function lighthouseTable(results: PageResult[]): string[] {
  const rows = results.map((r) => [
    r.label,
    r.figures.performance.toFixed(0),
    `${(r.figures.lcpMs / 1000).toFixed(2)} s`,
    `${(r.figures.fcpMs / 1000).toFixed(2)} s`,
    `${r.figures.tbtMs.toFixed(0)} ms`,
    r.figures.cls.toFixed(3),
    r.figures.accessibility.toFixed(0),
    r.figures.bestPractices.toFixed(0),
    r.figures.benchmarkIndex.toFixed(0),
  ]);
  const widths = columns.map((heading, i) => Math.max(heading.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const failures = results.filter((r) => r.failedAudits.length > 0).map((r) => `Failed audits on ${r.label}: ${r.failedAudits.join(', ')}`);
  return [
    line(columns),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map(line),
    ...failures,
  ];
}
