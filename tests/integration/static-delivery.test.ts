import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { imageCacheControl, immutableCacheControl } from '../../server/http/static-client.ts';
import { drawingsPerMinute } from '../../server/http/first-screen.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { paymentIntents } from '../../server/db/schema/payments.ts';
import { isDrawnForVisitors, routeTable } from '../../client/src/app/route-table.ts';
import { signedInHintCookie } from '../../core/domain/session-hint.ts';
import { signedInCookie } from './test-app.ts';

// The real build (vite.config.ts: Vite, the service worker, the precompressed siblings) into a folder of its own,
// served by the real app on a seeded in-memory PGlite.
const run = promisify(execFile);
let clientDir: string;
let app: FastifyInstance;
let database: DatabaseHandle;
let entryScript: string;

const onDisk = (file: string) => readFile(path.join(clientDir, file));
const rootOf = (html: string) => /<div id="root"(?: data-draw-again)?>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1];
/** The data a drawn page carries for the app's first render (React Query's dehydrated state). */
const dataOf = (html: string) => {
  const block = /<script type="application\/json" id="first-screen-data">([^<]*)<\/script>/.exec(html)?.[1];
  return block === undefined ? undefined : (JSON.parse(block) as { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> });
};

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'glossly-static-'));
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const manifest = JSON.parse((await onDisk('.vite/manifest.json')).toString()) as Record<string, { file: string; imports?: string[] }>;
  // The app's main script: the largest the page loads (the entry itself may be a few bytes naming its chunks).
  const pageScripts = ['index.html', ...(manifest['index.html']!.imports ?? [])].map((key) => manifest[key]!.file);
  const sizes = await Promise.all(pageScripts.map(async (file) => (await onDisk(file)).length));
  entryScript = `/${pageScripts[sizes.indexOf(Math.max(...sizes))]}`;

  database = await openDatabase({ dataDir: undefined });
  await seedDatabase({ db: database.db, catalogCache: createCatalogCache() });
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clientDir });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('keeps hashed assets a year, immutable', async () => {
    expect(entryScript).toMatch(/^\/assets\/[\w-]+\.js$/);
    const response = await app.inject({ method: 'GET', url: entryScript, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(immutableCacheControl);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the entry script Brotli-encoded, built once: it decodes to exactly the file on disk', async () => {
    const response = await app.inject({ method: 'GET', url: entryScript, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    const file = await onDisk(entryScript);
    // Compressed at build time: the bytes sent are the .br file's.
    expect(response.rawPayload.equals(await onDisk(`${entryScript}.br`))).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(file)).toBe(true);
    expect(response.rawPayload.length).toBeLessThan(file.length / 3);
  });

  it('sends it gzip-encoded to a browser without Brotli, and plain to one that asks for no encoding', async () => {
    const file = await onDisk(entryScript);
    const gzipped = await app.inject({ method: 'GET', url: entryScript, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(String(gzipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).equals(file)).toBe(true);
    expect(gzipped.headers['cache-control']).toBe(immutableCacheControl);

    const plain = await app.inject({ method: 'GET', url: entryScript });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(file)).toBe(true);
  });

  it('sends the styles precompressed too, and small files as they are (nothing is compressed per request)', async () => {
    const css = (await onDisk('index.html')).toString().match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
    const styles = await app.inject({ method: 'GET', url: css, headers: { 'accept-encoding': 'br' } });
    expect(styles.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(styles.rawPayload).equals(await onDisk(css))).toBe(true);

    // The favicon is under 1 KB: the build writes no sibling, and the server does not compress it on the fly.
    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.rawPayload.equals(await onDisk('favicon.svg'))).toBe(true);
  });

  it('revalidates index.html, the pages the client router draws, the service worker and the manifest', async () => {
    for (const url of ['/', '/index.html', '/no-such-page/42', '/sw.js', '/manifest.webmanifest']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['cache-control'], url).not.toMatch(/immutable|max-age=[1-9]/);
      expect(response.headers.etag, url).toBeDefined();
    }
    // Images and icons keep their names across builds: a day, not a year.
    for (const url of ['/icons/icon-192.png', '/favicon.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe(imageCacheControl);
    }
    const page = await app.inject({ method: 'GET', url: '/no-such-page/42', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const gzipped = await app.inject({ method: 'GET', url: '/no-such-page/42', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(html);
    expect((await app.inject({ method: 'GET', url: '/no-such-page/42' })).body).toBe(html);
    // Brotli weighted zero is refused: gzip instead.
    const noBrotli = await app.inject({ method: 'GET', url: '/no-such-page/42', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const [head, rest] = (await onDisk('index.html')).toString().split('</head>');
    expect(html.startsWith(head!)).toBe(true);
    expect(html.endsWith(`</head>${rest}`)).toBe(true);
    // Asked again with its ETag: nothing to send.
    const again = await app.inject({ method: 'GET', url: '/no-such-page/42', headers: { 'if-none-match': page.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it("names each route's page files in the page it sends, so they load with the entry", async () => {
    const routes = JSON.parse((await onDisk('route-preloads.json')).toString()) as Array<{ path: string; files: string[] }>;
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec((await onDisk('index.html')).toString())![1]!;
    // The scripts a page names: as modulepreload links, or, on a page with its first screen drawn in, for
    // start-app.js to fetch once that screen has painted (the entry first).
    const scripts = async (url: string, cookie?: string) => {
      const page = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(page.statusCode, url).toBe(200);
      const started = /data-preload="([^"]+)"/.exec(page.body)?.[1]?.split(' ').slice(1);
      return started ?? [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((link) => link[1]!);
    };
    const entryPreloads = await scripts('/index.html');
    const servicePage = routes.find((route) => route.path === '/services/:id')!.files;
    expect(servicePage[0]).toMatch(/^\/assets\/service-page-[\w-]+\.js$/);
    expect(await scripts('/services/7?from=home')).toEqual([...entryPreloads, ...servicePage.filter((file) => file.endsWith('.js'))]);
    expect(await scripts('/services/7', `${signedInHintCookie}=1`)).toEqual(await scripts('/services/7'));
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    // Every file named exists; the home page's own chunk is named on '/'.
    for (const file of new Set(routes.flatMap((route) => route.files))) {
      expect((await app.inject({ method: 'GET', url: file })).statusCode, file).toBe(200);
    }
    expect((await scripts('/')).some((file) => /\/home-page-[\w-]+\.js$/.test(file))).toBe(true);
    // An optional segment matches with and without it; a path no route has, and anything typed into the URL, add nothing.
    expect(await scripts('/booking')).toEqual(await scripts('/booking/1'));
    expect(await scripts('/no-such-page')).toEqual(entryPreloads);
    const hostile = await app.inject({ method: 'GET', url: '/services/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(hostile.body).not.toContain('<script>alert');
  });

  it("draws a visitor's first screen into the page and starts the app after it", async () => {
    // The build draws each visitor page without data, for when the server cannot draw it (decision 024).
    const drawn = JSON.parse((await onDisk('visitor-pages.json')).toString()) as Record<string, string>;
    expect(Object.keys(drawn).sort()).toEqual(
      routeTable
        .filter(isDrawnForVisitors)
        .map((route) => route.path)
        .sort(),
    );
    expect(drawn['/login']).toContain('By continuing, you agree to our');

    const visitor = await app.inject({ method: 'GET', url: '/login?next=/bookings', headers: { 'accept-encoding': 'br' } });
    expect(visitor.statusCode).toBe(200);
    expect(String(visitor.headers.vary)).toMatch(/cookie/i);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const visitorHtml = brotliDecompressSync(visitor.rawPayload).toString();
    const visitorRoot = rootOf(visitorHtml);
    expect(visitorRoot).toContain('By continuing, you agree to our');
    // Its controls are not disabled: a tap before the app is live is kept by the recorder, inline ahead of the
    // styles, and the CSP lets that very text run, no other inline script (decision 052).
    expect(visitorRoot).not.toMatch(/^<fieldset/);
    const recorder = /<script>([^<]+)<\/script><title>/.exec(visitorHtml)?.[1];
    expect(recorder).toContain('glosslyLive');
    expect(recorder).not.toMatch(/^\s*\/\//m);
    const hash = createHash('sha256').update(recorder!).digest('base64');
    expect(/script-src ([^;]+)/.exec(String(visitor.headers['content-security-policy']))?.[1]).toBe(`'self' 'sha256-${hash}'`);
    // Drawn by the server for its URL (decision 029), as a visitor: no one is signed in.
    expect(dataOf(visitorHtml)!.queries.find((query) => query.queryKey[0] === '/api/auth/user')?.state.data).toBeNull();
    // The app's scripts are not named in the page: start-app.js fetches them once the screen has painted, the
    // entry's modules and the login page's own chunk.
    expect(visitorHtml).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const start = /<script defer src="\/start-app.js" data-entry="([^"]+)" data-preload="([^"]+)"><\/script><\/head>/.exec(visitorHtml);
    const indexHtml = (await onDisk('index.html')).toString();
    expect(start?.[1]).toBe(/<script type="module" crossorigin src="([^"]+)">/.exec(indexHtml)?.[1]);
    const entryModules = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((link) => link[1]);
    const loginFiles = (JSON.parse((await onDisk('route-preloads.json')).toString()) as Array<{ path: string; files: string[] }>)
      .find((route) => route.path === '/login')!
      .files.filter((file) => file.endsWith('.js'));
    expect(start?.[2]?.split(' ')).toEqual([start?.[1], ...entryModules, ...loginFiles]);
    const startScript = await app.inject({ method: 'GET', url: '/start-app.js' });
    expect(startScript.statusCode).toBe(200);
    expect(startScript.body).toContain('first-contentful-paint');
    expect(visitorHtml).not.toContain('/api/auth/session');

    // Asked again with its ETag, nothing to send.
    const again = await app.inject({
      method: 'GET',
      url: '/login?next=/bookings',
      headers: { 'if-none-match': visitor.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // The build's module that draws pages is not served.
    for (const url of ['/.server/prerender.js', '/.server/']) {
      const module = await app.inject({ method: 'GET', url });
      expect(module.body, url).not.toContain('drawFirstScreen');
    }
  });

  it('preloads the page font from the page, and serves it a year, immutable', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const preload = page.body.match(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin="">/);
    expect(preload?.[1]).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
    const font = await app.inject({ method: 'GET', url: preload![1]! });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe(immutableCacheControl);
    expect(font.rawPayload.equals(await onDisk(preload![1]!.slice(1)))).toBe(true);
  });

  it('answers a missing hashed asset (a chunk of an older build) with 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-0ld8u1ld.js' });
    expect(response.statusCode).toBe(404);
  });

  it('serves the bundled service worker: Workbox precache of this build, and the push handlers', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.headers['content-type']).toMatch(/javascript/);
    const worker = response.body;
    expect(worker).not.toMatch(/^\s*import\s/m);
    expect(worker).not.toContain('self.__WB_MANIFEST');
    expect(worker).toContain(`"url":"${entryScript.slice(1)}"`);
    expect(worker).toContain('"url":"index.html"');
    expect(worker).toContain('showNotification');
    expect(worker).toContain('notificationclick');
  });

  it('serves a valid web manifest, linked from the page with its theme colour and touch icon', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(response.body) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Glossly',
      short_name: 'Glossly',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const any = manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any'));
    expect(any.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const image = await app.inject({ method: 'GET', url: icon.src });
      expect(image.statusCode, icon.src).toBe(200);
      expect(image.headers['content-type'], icon.src).toBe('image/png');
      // A PNG of the declared size: width and height are the IHDR's first two 32-bit fields.
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)], icon.src).toEqual([width, height]);
    }

    const html = (await onDisk('index.html')).toString();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
    const touchIcon = html.match(/<link rel="apple-touch-icon" href="([^"]+)"/)![1]!;
    expect((await app.inject({ method: 'GET', url: touchIcon })).statusCode).toBe(200);
  });
});

describe('pages drawn for each request', () => {
  it("draws a signed-in customer's own bookings into the page, with the data for the app, kept by no cache", async () => {
    const customer = await createCustomer(app.ctx, { name: 'Morgan Page' });
    const other = await createCustomer(app.ctx, { name: 'Riley Other' });
    const { detailerId, serviceId } = await createDetailer(app.ctx, { businessName: 'Drawn Shine Co' });
    await createBooking(app.ctx, { customerId: customer.id, detailerId, serviceId, status: 'accepted' });
    const cookie = `${await signedInCookie(app.ctx.db, customer)}; ${signedInHintCookie}=1`;

    const page = await app.inject({ method: 'GET', url: '/bookings', headers: { cookie, 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.etag).toBeUndefined();
    expect(String(page.headers.vary)).toMatch(/cookie/i);
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const root = rootOf(html)!;
    expect(html).toMatch(/<script>[^<]*glosslyLive[^<]*<\/script><title>/);
    expect(root).toContain('Drawn Shine Co');
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|\/api\/auth\/session/);
    expect(html).toContain('src="/start-app.js"');
    const data = dataOf(html)!;
    const user = data.queries.find((query) => query.queryKey[0] === '/api/auth/user')?.state.data as { id: number; name: string };
    expect(user).toMatchObject({ id: customer.id, name: 'Morgan Page' });
    expect(data.queries.some((query) => query.queryKey[0] === '/api/bookings')).toBe(true);

    // Another customer's page of the same URL has none of it.
    const otherCookie = `${await signedInCookie(app.ctx.db, other)}; ${signedInHintCookie}=1`;
    const otherPage = await app.inject({ method: 'GET', url: '/bookings', headers: { cookie: otherCookie } });
    expect(otherPage.statusCode).toBe(200);
    expect(otherPage.body).not.toContain('Drawn Shine Co');
    expect(otherPage.body).not.toContain('Morgan Page');
    expect(otherPage.body).toContain('Riley Other');
  });

  it('draws nothing of a page that sends its reader elsewhere: the app does that in the browser', async () => {
    // A hint cookie without a real session: the bookings page would send them to sign in.
    for (const cookie of [`${signedInHintCookie}=1`, `${signedInHintCookie}=1; glossly_session=forged-token-value`]) {
      const page = await app.inject({ method: 'GET', url: '/bookings?status=accepted', headers: { cookie } });
      expect(page.statusCode, cookie).toBe(200);
      expect(rootOf(page.body), cookie).toBe('');
      expect(dataOf(page.body), cookie).toBeUndefined();
      expect(page.body, cookie).toContain('<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials">');
    }
    // Signed in, the sign-in page sends them on, with its toast after Google: drawn by the browser too.
    const signedIn = await createCustomer(app.ctx);
    const signedInCookieHeader = `${await signedInCookie(app.ctx.db, signedIn)}; ${signedInHintCookie}=1`;
    const back = await app.inject({ method: 'GET', url: '/login?signedIn=google', headers: { cookie: signedInCookieHeader } });
    expect(back.statusCode).toBe(200);
    expect(rootOf(back.body)).toBe('');
    // A page anyone may open is drawn as a visitor's.
    const login = await app.inject({ method: 'GET', url: '/login', headers: { cookie: `${signedInHintCookie}=1` } });
    expect(login.statusCode).toBe(200);
    expect(rootOf(login.body)).toContain('By continuing, you agree to our');
    // An admin's page for a customer: the app's own refusal, drawn.
    const customer = await createCustomer(app.ctx);
    const cookie = `${await signedInCookie(app.ctx.db, customer)}; ${signedInHintCookie}=1`;
    const admin = await app.inject({ method: 'GET', url: '/admin/users', headers: { cookie } });
    expect(admin.statusCode).toBe(200);
    expect(rootOf(admin.body)).toContain('You don&#x27;t have access to this page');
    expect(admin.body).not.toContain('/api/admin');
  });

  it("draws a visitor's page with an id from the data of that id", async () => {
    const { serviceId } = await createDetailer(app.ctx, { businessName: 'Id Page Detailing', service: { name: 'Drawn Ceramic Coat' } });
    const page = await app.inject({ method: 'GET', url: `/services/${serviceId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(rootOf(page.body)).toContain('Drawn Ceramic Coat');
    expect(dataOf(page.body)!.queries.find((query) => query.queryKey[0] === '/api/auth/user')?.state.data).toBeNull();
    // Every request it made was answered: the app's first render is this screen, and hydrates it (decision 028).
    expect(page.body).toContain('<div id="root">');
    // An id that is not there: the page's own not-found state, still a page. That answer (a 404) does not travel with
    // the page, so the app would first show the service loading: the page says to draw it again, not hydrate it.
    const missing = await app.inject({ method: 'GET', url: '/services/987654321' });
    expect(missing.statusCode).toBe(200);
    expect(rootOf(missing.body)).not.toContain('Drawn Ceramic Coat');
    expect(missing.body).toContain('<div id="root" data-draw-again>');
  });

  it('keeps what a reader typed into their data from breaking out of the page', async () => {
    const name = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const customer = await createCustomer(app.ctx, { name });
    const cookie = `${await signedInCookie(app.ctx.db, customer)}; ${signedInHintCookie}=1`;
    const page = await app.inject({ method: 'GET', url: '/profile', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    // The data block holds it whole, escaped, and parses back to it.
    const user = dataOf(page.body)!.queries.find((query) => query.queryKey[0] === '/api/auth/user')?.state.data as { name: string };
    expect(user.name).toBe(name);
  });

  it('draws at most its budget for one address a minute: a flood of page requests gets the ready page', async () => {
    const { serviceId } = await createDetailer(app.ctx, { service: { name: 'Budgeted Wash' } });
    // Each URL its own (a visitor's page is kept per URL): every request is a drawing.
    const open = (remoteAddress: string, visit: number | string) =>
      app.inject({ method: 'GET', url: `/services/${serviceId}?visit=${visit}`, remoteAddress });
    for (let i = 0; i < drawingsPerMinute; i++)
      expect(rootOf((await open('203.0.113.7', i)).body), `drawing ${i + 1}`).toContain('Budgeted Wash');
    const past = await open('203.0.113.7', 'past');
    expect(past.statusCode).toBe(200);
    expect(rootOf(past.body)).toBe('');
    expect(past.body).toContain('<script type="module"');
    // A page drawn already is sent as it was kept, costing no drawing; another address is drawn as before. The last
    // one drawn, not the first: on a busy machine the 300 drawings take longer than a kept page's 10 s.
    expect(rootOf((await open('203.0.113.7', drawingsPerMinute - 1)).body)).toContain('Budgeted Wash');
    expect(rootOf((await open('203.0.113.8', 'past')).body)).toContain('Budgeted Wash');
    // A page the build drew for visitors is sent with that screen, without data.
    const login = await app.inject({ method: 'GET', url: '/login?visit=past', remoteAddress: '203.0.113.7' });
    expect(rootOf(login.body)).toContain('By continuing, you agree to our');
    expect(dataOf(login.body)).toBeUndefined();
  });

  it("draws a visitor's page once for every visitor of its URL, as no one", async () => {
    const customer = await createCustomer(app.ctx, { name: 'Quinn Kept' });
    const { serviceId } = await createDetailer(app.ctx, { service: { name: 'Kept Foam Wash' } });
    // A session without the signed-in hint is a visitor's page (the app decides the same): drawn with no cookie, it
    // holds nothing of that session, and it is what every other visitor is sent.
    const withSession = await app.inject({
      method: 'GET',
      url: `/services/${serviceId}`,
      headers: { cookie: await signedInCookie(app.ctx.db, customer) },
      remoteAddress: '198.51.100.1',
    });
    expect(rootOf(withSession.body)).toContain('Kept Foam Wash');
    expect(withSession.body).not.toContain('Quinn Kept');
    expect(dataOf(withSession.body)!.queries.find((query) => query.queryKey[0] === '/api/auth/user')?.state.data).toBeNull();
    const other = await app.inject({ method: 'GET', url: `/services/${serviceId}`, remoteAddress: '198.51.100.2' });
    expect(other.headers.etag).toBe(withSession.headers.etag);
    expect(other.body).toBe(withSession.body);
    // A signed-in reader's page of the same URL is their own.
    const signedIn = await app.inject({
      method: 'GET',
      url: `/services/${serviceId}`,
      headers: { cookie: `${await signedInCookie(app.ctx.db, customer)}; ${signedInHintCookie}=1` },
    });
    expect(signedIn.body).toContain('Quinn Kept');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('sends no visitor a page older than a write the app accepted', async () => {
    const { user, serviceId } = await createDetailer(app.ctx, { service: { name: 'Before Rename Wash' } });
    const open = () => app.inject({ method: 'GET', url: `/services/${serviceId}` });
    expect(rootOf((await open()).body)).toContain('Before Rename Wash');
    // A write refused changes nothing, and the kept page is sent again.
    const refused = await app.inject({
      method: 'PATCH',
      url: `/api/detailer/services/${serviceId}`,
      payload: { name: 'Anonymous Rename' },
    });
    expect(refused.statusCode).toBe(401);
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/detailer/services/${serviceId}`,
      headers: { cookie: await signedInCookie(app.ctx.db, user) },
      payload: { name: 'After Rename Wash' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = rootOf((await open()).body);
    expect(after).toContain('After Rename Wash');
    expect(after).not.toContain('Before Rename Wash');
  });

  it('changes nothing while it draws: the checkout page makes no payment intent', async () => {
    const customer = await createCustomer(app.ctx);
    const { detailerId, serviceId } = await createDetailer(app.ctx);
    const booking = await createBooking(app.ctx, { customerId: customer.id, detailerId, serviceId });
    const cookie = `${await signedInCookie(app.ctx.db, customer)}; ${signedInHintCookie}=1`;
    const intentsBefore = await app.ctx.db.$count(paymentIntents);
    const page = await app.inject({ method: 'GET', url: `/checkout?bookingId=${booking.id}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toContain('Connecting to Stripe payment system...');
    expect(await app.ctx.db.$count(paymentIntents)).toBe(intentsBefore);
    // The test gateway's card form is drawn all the same, its pay button's place held by that notice: its test-card
    // hint, the page's largest element, paints with the first screen instead of after the intent.
    expect(rootOf(page.body)).toContain('Test mode: use card 4242 4242 4242 4242');
    expect(rootOf(page.body)).toContain('aria-label="Card details"');
    // No amount to pay before the intent; the test wallet's button holds its place, disabled until the intent exists.
    expect(rootOf(page.body)).not.toMatch(/>\s*Pay \$/);
    expect(rootOf(page.body)).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Pay with test wallet<\/button>/);
    expect(dataOf(page.body)!.queries.find((query) => query.queryKey.join('/') === 'settings/public')?.state.data).toMatchObject({
      paymentGateway: 'test',
    });
    // The booking itself was read, as the customer.
    expect(dataOf(page.body)!.queries.some((query) => query.queryKey[0] === '/api/bookings' && query.queryKey[1] === booking.id)).toBe(
      true,
    );
  });
});

describe('the API', () => {
  it('compresses a large JSON answer for a browser that accepts gzip or Brotli, and leaves a small one alone', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/services' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gzipped = await app.inject({ method: 'GET', url: '/api/services', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(String(gzipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const brotli = await app.inject({ method: 'GET', url: '/api/services', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('never compresses the live stream: its first event arrives at once, as plain text', async () => {
    const customer = await createCustomer(app.ctx);
    const cookie = await signedInCookie(app.ctx.db, customer);
    const baseUrl = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpRequest(
        {
          host: baseUrl.hostname,
          port: baseUrl.port,
          path: '/api/notifications/stream',
          headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
        },
        resolve,
      );
      request.on('error', reject);
      request.end();
    });
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.headers['content-encoding']).toBeUndefined();
      // The stream stays open: its first bytes come before any end, readable as they are.
      const first = await new Promise<Buffer>((resolve) => response.once('data', resolve));
      expect(first.toString()).toMatch(/^retry: \d+/);
    } finally {
      response.destroy();
    }
  });
});
