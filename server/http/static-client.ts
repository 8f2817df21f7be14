import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePathPattern } from '@core/domain/route-paths.ts';
import { hasSignedInHint } from '@core/domain/session-hint.ts';
import { acceptsEncoding, encodeBody, type EncodedBody } from './encoded-body.ts';
import type { InlineScript } from './early-taps.ts';
import { loadFirstScreenDrawer, type DrawnScreen } from './first-screen.ts';

export { acceptsEncoding };

const apiNotFound = (method: string, url: string) => ({
  code: 'not_found',
  message: `No route for ${method} ${url.split('?')[0]}`,
});

export const immutableCacheControl = 'public, max-age=31536000, immutable';
/** Images and icons keep their names across builds: a day, then asked again. */
export const imageCacheControl = 'public, max-age=86400';

/**
 * Hashed assets (assets/*: their name changes with their content) are kept a year without asking again. The page
 * (index.html), the service worker, the manifest and any other file that names what to load are revalidated on each
 * use (ETag / Last-Modified), so a new build is seen at once; images and icons are kept a day. The path may be a
 * precompressed sibling (`.br`, `.gz`) in the same folder.
 */
function setCacheHeaders(reply: FastifyReply, filePath: string) {
  const file = filePath.replace(/\.(?:br|gz)$/, '');
  const hashed = path.basename(path.dirname(file)) === 'assets';
  const image = /\.(?:png|svg|jpe?g|webp|avif|gif|ico)$/.test(file);
  reply.header('cache-control', hashed ? immutableCacheControl : image ? imageCacheControl : 'no-cache');
}

type RoutePreload = { path: string; files: string[] };

/** A page anyone may be sent, encoded once: Brotli and gzip beside the plain bytes, as the build does for the static files. */
type Page = EncodedBody;

const emptyRoot = '<div id="root"></div>';
// Who is signed in (client/src/lib/session/get-current-user.ts): the same URL and credentials, so the app's own
// request takes the preloaded answer.
const sessionPreload = '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials">';

/** The id of the data block a page drawn per request carries; main.tsx reads it. */
const firstScreenDataId = 'first-screen-data';

const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page with a first screen drawn in: a visitor's, drawn by the build, or one drawn for its URL with the data
 * it shows (`data`, which main.tsx gives React Query before its first render). Its module scripts are started by
 * client/public/start-app.js once that screen has painted: named in the page, they were fetched alongside the styles
 * and font the screen needs and ran before it painted, on a slow phone a second or more. React then draws the same
 * screen over it (decisions 024 and 025). Until the app is live, `recorder` keeps what is tapped on that screen
 * (decision 052): first in the head, before the styles, since an inline script waits for the styles above it.
 */
function withFirstScreen(
  html: string,
  firstScreen: string,
  { data, hydratable = true, recorder = '' }: { data?: unknown; hydratable?: boolean; recorder?: string } = {},
): string {
  const entry = moduleScript.exec(html)![1]!;
  const modules = [...html.matchAll(modulePreload)].map((link) => link[1]!);
  const start = `<script defer src="/start-app.js" data-entry="${entry}" data-preload="${[entry, ...modules].join(' ')}"></script>`;
  // JSON in a data block: nothing in it may close the element (`</script>`), so every `<` is escaped.
  const dataBlock =
    data === undefined
      ? ''
      : `<script type="application/json" id="${firstScreenDataId}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`;
  // Replacer functions, never replacement strings: the screen and its data hold user text, in which `$'`, `$&` or
  // `` $` `` would otherwise be read as patterns and paste parts of the page into itself.
  return (
    html
      .replace(moduleScript, '')
      .replaceAll(modulePreload, '')
      .replace('<title>', () => `${recorder}<title>`)
      .replace('</head>', () => `${start}</head>`)
      // A screen the app's first render would not match is drawn again by it rather than hydrated (main.tsx).
      .replace(emptyRoot, () => `${dataBlock}<div id="root"${hydratable ? '' : ' data-draw-again'}>${firstScreen}</div>`)
  );
}

/**
/** Visitor pages kept at once: past this (a flood of made-up URLs) a page is drawn and sent, not kept. */
const visitorPagesKept = 500;

export type StaticClientOptions = {
  /**
   * How long a page drawn for a visitor is sent to every visitor of its URL: buildApp passes the catalog's own cache
   * time, so it shows nothing older than the API itself may answer.
   */
  visitorPageLifetimeMs: number;
  /** The recorder of early taps every drawn page carries (early-taps.ts); the CSP must allow it by its hash. */
  earlyTaps?: InlineScript | null;
};

type VisitorDrawing = { page: Page; keep: boolean } | null;

/**
 * Visitor pages by URL, each drawn once for all visitors for `lifetimeMs`. A visitor's page is drawn as no
 * one (first-screen.ts), so it is the same whoever asked for it. Only a page every request of which was answered is
 * kept: one drawn with a failed request (a rate limit, an id that is not there) is drawn again for the next visitor.
 * Visitors asking while it is being drawn share that drawing. `forgetAll` drops every kept page.
 */
function visitorPageCache(lifetimeMs: number) {
  const kept = new Map<string, { expiresAt: number; page: Promise<Page | null> }>();
  const forgetAll = () => kept.clear();
  const visitorPage = (url: string, draw: () => Promise<VisitorDrawing>): Promise<Page | null> => {
    const now = Date.now();
    const hit = kept.get(url);
    if (hit && hit.expiresAt > now) return hit.page;
    if (kept.size >= visitorPagesKept) for (const [key, entry] of kept) if (entry.expiresAt <= now) kept.delete(key);
    const drawing = draw();
    const page = drawing.then((drawn) => drawn?.page ?? null);
    if (kept.size < visitorPagesKept) {
      const entry = { expiresAt: now + lifetimeMs, page };
      kept.set(url, entry);
      void drawing.then((drawn) => {
        if (!drawn?.keep && kept.get(url) === entry) kept.delete(url);
      });
    }
    return page;
  };
  return { visitorPage, forgetAll };
}

/**
 * The page (index.html) as sent for each client route: with `<link rel="modulepreload">` (and style preloads) for the
 * files that route's page loads, from the build's route-preloads.json (vite.config.ts), and for a visitor the
 * route's first screen from visitor-pages.json, drawn by the build (decision 024). Built once per route and kind of
 * reader, and kept. Only the build's own files go in, never anything from the request. A page drawn per request
 * (`drawn`) starts from the same route page.
 */
function routePages(clientDir: string, recorder = '') {
  const indexHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const readList = <T>(file: string, empty: T): T => {
    const listFile = path.join(clientDir, file);
    return existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as T) : empty;
  };
  const routes = readList<RoutePreload[]>('route-preloads.json', []);
  const visitorPages = new Map(Object.entries(readList<Record<string, string>>('visitor-pages.json', {})));
  if (visitorPages.size > 0 && !(indexHtml.includes(emptyRoot) && moduleScript.test(indexHtml))) {
    throw new Error(`index.html has no ${emptyRoot} to draw the first screen in, or no module script to start after it`);
  }
  const matchers = routes.map((route) => ({ route, pattern: routePathPattern(route.path) }));
  const htmlWith = (files: string[], { asksSession = false } = {}) => {
    const links = files
      .map((file) =>
        file.endsWith('.css') ? `<link rel="preload" href="${file}" as="style">` : `<link rel="modulepreload" crossorigin href="${file}">`,
      )
      .join('');
    return indexHtml.replace('</head>', () => `${links}${asksSession ? sessionPreload : ''}</head>`);
  };
  const built = new Map<string, Page>();
  const page = (key: string, files: string[], { firstScreen = '', asksSession = false } = {}): Page => {
    let found = built.get(key);
    if (!found) {
      const html = htmlWith(files, { asksSession });
      found = encodeBody(Buffer.from(firstScreen ? withFirstScreen(html, firstScreen, { recorder }) : html));
      built.set(key, found);
    }
    return found;
  };
  return {
    /** The route whose path `urlPath` is, if any. */
    routeAt: (urlPath: string) => matchers.find(({ pattern }) => pattern.test(urlPath))?.route,
    /** The ready page for `route` (undefined: no route), built once. */
    ready(route: RoutePreload | undefined, visitor: boolean): Page {
      if (!route) return page('', []);
      // Someone who may be signed in: every page of theirs asks who they are before it draws, so the answer is
      // asked for with the scripts (the app's own request then takes it) instead of after them.
      if (!visitor) return page(`${route.path} signed in`, route.files, { asksSession: true });
      const firstScreen = visitorPages.get(route.path);
      return firstScreen ? page(`${route.path} visitor`, route.files, { firstScreen }) : page(route.path, route.files);
    },
    /** The page for `route` with a screen drawn for this request. */
    drawn: (route: RoutePreload, screen: DrawnScreen) => withFirstScreen(htmlWith(route.files), screen.markup, { ...screen, recorder }),
  };
}

/**
 * Serves the built React app; any other GET gets index.html so the client router can answer it. Text files come
 * precompressed from the build (vite.config.ts writes `.br` and `.gz` siblings): the one matching Accept-Encoding is
 * sent with Content-Encoding and `Vary: Accept-Encoding`, and nothing here is compressed per request.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  { visitorPageLifetimeMs, earlyTaps }: StaticClientOptions,
) {
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (clientDir !== undefined && !hasClient) {
    app.log.warn(`No built client in ${clientDir}: run "npm run build" to serve the app`);
  }
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // '/' is a route like the others: its page comes from pageFor below, with its preloads.
      index: false,
      preCompressed: true,
      // @fastify/send's own Cache-Control ('public, max-age=0') went out after setHeaders had set the header on the
      // raw response, and won: every hashed asset was revalidated on every visit. setCacheHeaders decides alone.
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  }
  const pages = hasClient ? routePages(clientDir, earlyTaps?.element) : null;
  const drawFor = hasClient ? await loadFirstScreenDrawer(app, clientDir) : null;
  const { visitorPage, forgetAll } = visitorPageCache(visitorPageLifetimeMs);
  // Any write the API accepts may change what a visitor's page shows (a service renamed, a slot taken): every kept
  // page is drawn again, so this server never sends a page older than a write it accepted. (Another server's writes
  // are seen within the lifetime, as its catalog answers are.)
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) forgetAll();
  });
  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset (a chunk of an older build) is a 404, not the page in its place.
    if (!pages || request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/assets/')) {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    // Every page comes with its first screen drawn for its URL and, for anyone who may be signed in (the signed-in
    // hint, as the app itself decides), for them (decision 025). A visitor's is drawn once for every visitor of that
    // URL and kept a few seconds (decision 029). Should drawing fail or wait, the ready page: for a visitor, with the
    // screen the build drew without data (decision 024).
    const visitor = !hasSignedInHint(request.headers.cookie ?? '');
    const route = pages.routeAt(request.url.split('?')[0]!);
    reply.header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    if (drawFor && route) {
      const drawScreen = () =>
        drawFor(request, visitor).catch((error: unknown) => {
          request.log.warn({ err: error, url: request.url }, 'The first screen could not be drawn; the app draws it in the browser');
          return null;
        });
      if (visitor) {
        const drawn = await visitorPage(request.url, async () => {
          const screen = await drawScreen();
          return screen && { page: encodeBody(Buffer.from(pages.drawn(route, screen)), { quick: true }), keep: screen.hydratable };
        });
        if (drawn) return sendPage(reply, request, drawn);
      } else {
        const screen = await drawScreen();
        // A signed-in reader's page holds their data: not kept by the browser nor by anything between.
        reply.header('cache-control', 'private, no-store');
        if (screen) return sendEncoded(reply, request, Buffer.from(pages.drawn(route, screen)));
      }
    }
    return sendPage(reply, request, pages.ready(route, visitor));
  });
}

/**
 * A page anyone may be sent: revalidated on every visit, like index.html itself (a new build's page names its new
 * files at once), in the encoding the browser takes.
 */
function sendPage(reply: FastifyReply, request: FastifyRequest, page: Page) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (acceptsEncoding(accepted, 'br')) return reply.header('content-encoding', 'br').send(page.br);
  if (acceptsEncoding(accepted, 'gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.plain);
}

/** A page made for one request, compressed for it: quickly, since it is sent once. */
function sendEncoded(reply: FastifyReply, request: FastifyRequest, plain: Buffer) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (acceptsEncoding(accepted, 'br')) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (acceptsEncoding(accepted, 'gzip')) return reply.header('content-encoding', 'gzip').send(gzipSync(plain, { level: 6 }));
  return reply.send(plain);
}
