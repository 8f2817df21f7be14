import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The build's module that draws first screens (client/src/app/prerender.tsx, vite.config.ts `drawingModule`). */
export const drawingModulePath = '.server/prerender.js';

type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
type User = { id: number; role: string };
/** Whom a page is drawn for: the cookie its API reads carry, and the address they come from (for rate limits). */
type Reader = { cookie: string; address: string };

/** What the server uses of the drawing module: the names and shapes of client/src/app/prerender.tsx. */
type DrawingModule = {
  sendApiRequestsThrough(transport: ApiTransport): void;
  drawFirstScreen(
    page: { path: string; search?: string; user: User | null },
    options: { withData: boolean },
  ): Promise<{ markup: string; data: unknown; redirectTo: string | null; hydratable: boolean }>;
};

/**
 * A first screen drawn for one request: the markup for `#root`, the data the app starts with, and whether the app's
 * first render is that same screen (decision 028).
 */
export type DrawnScreen = { markup: string; data: unknown; hydratable: boolean };

/** Longer than this and the reader gets the empty page at once: the app draws it in the browser, as before. */
const drawingDeadlineMs = 1500;

/**
 * Pages drawn for one address a minute. Drawing costs the server a render and the page's API reads; the empty page
 * costs almost nothing. Past this (a person never opens five pages a second), the address gets the empty page, which
 * works the same: a flood of page requests cannot make the server render for it.
 */
export const drawingsPerMinute = 300;

/** Counts drawings per address in one-minute windows; forgets every address when a window ends. */
function drawingBudget(limit: number, windowMs = 60_000) {
  const used = new Map<string, number>();
  let windowStart = Date.now();
  return function mayDraw(address: string): boolean {
    if (Date.now() - windowStart >= windowMs) {
      used.clear();
      windowStart = Date.now();
    }
    const count = (used.get(address) ?? 0) + 1;
    used.set(address, count);
    return count <= limit;
  };
}

/**
 * Draws a page's first screen for one request, with the reader's data (decision 025): the page is drawn, the API
 * requests it made are answered by this app itself (`app.inject`, with the reader's cookie and address, so every
 * route checks who is asking exactly as it would for the browser), and it is drawn again with the answers. Only GET
 * requests under /api/ are sent; a page being drawn changes nothing. Null when the build has no drawing module.
 */
export async function loadFirstScreenDrawer(app: FastifyInstance, clientDir: string) {
  const modulePath = path.join(clientDir, drawingModulePath);
  if (!existsSync(modulePath)) return null;
  const drawing = (await import(pathToFileURL(modulePath).href)) as DrawingModule;

  // The reader's own request to the API, as their browser would send it; a visitor's page is drawn with no cookie at
  // all, so that it holds nothing of the reader and can be sent to every visitor (static-client.ts).
  const readApi = (reader: Reader, url: string) =>
    app.inject({ method: 'GET', url, headers: { cookie: reader.cookie, accept: 'application/json' }, remoteAddress: reader.address });

  // One transport for the module's lifetime; the reader it serves is the one being drawn for in this async context.
  const readersBeingDrawnFor = new AsyncLocalStorage<Reader>();
  drawing.sendApiRequestsThrough(async (url, init) => {
    const reader = readersBeingDrawnFor.getStore();
    const method = init.method ?? 'GET';
    if (!reader) throw new Error(`${method} ${url} was asked for outside a page being drawn`);
    if (method !== 'GET' || !url.startsWith('/api/')) throw new Error(`A page being drawn may only read the API, not ${method} ${url}`);
    const answer = await readApi(reader, url);
    const contentType = answer.headers['content-type'];
    return new Response(answer.statusCode === 204 ? null : answer.payload, {
      status: answer.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  });

  const sessionUser = async (reader: Reader): Promise<User | null> => {
    const answer = await readApi(reader, '/api/auth/session');
    return answer.statusCode === 200 ? (answer.json() as { user: User | null }).user : null;
  };

  /**
   * The screen for `request`, for a reader who may be signed in (`visitor` false) or a visitor: drawn as no one, from
   * the URL alone, it is the same for every visitor. Null past the deadline or the address's budget, and for a page
   * that sends its reader elsewhere (a guarded page, the sign-in page once signed in): the browser does that itself,
   * with what the page does on the way (the sign-in page's toast after Google, the return-to).
   */
  const mayDraw = drawingBudget(drawingsPerMinute);

  return async function drawFor(request: FastifyRequest, visitor: boolean): Promise<DrawnScreen | null> {
    if (!mayDraw(request.ip)) return null;
    const [pathname = '/', search = ''] = request.url.split('?');
    const reader: Reader = { cookie: visitor ? '' : (request.headers.cookie ?? ''), address: request.ip };
    const drawn = readersBeingDrawnFor.run(reader, async () => {
      const user = visitor ? null : await sessionUser(reader);
      return drawing.drawFirstScreen({ path: pathname, search, user }, { withData: true });
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), drawingDeadlineMs);
    });
    try {
      const screen = await Promise.race([drawn, deadline]);
      if (!screen || screen.redirectTo !== null) return null;
      return { markup: screen.markup, data: screen.data, hydratable: screen.hydratable };
    } finally {
      clearTimeout(timer);
    }
  };
}
