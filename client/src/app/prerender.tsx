import { prerender } from 'react-dom/static';
import { dehydrate, skipToken, type DehydratedState, type Query } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { User } from '@core/schemas/user.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { App } from './app.tsx';
import { loadPageAt } from './routes.tsx';

export { sendApiRequestsThrough } from '@/lib/api-client.ts';

/**
 * A page's first screen, drawn outside the browser, and the data it was drawn with (for the app's first render).
 * `hydratable`: the app's first render can be this same screen. Not when a request the page made failed: only
 * answers travel with the page, so the app would first show that part loading, not failed, and ask again.
 */
export type FirstScreen = { markup: string; data: DehydratedState; redirectTo: string | null; hydratable: boolean };

/**
 * How many times a page is drawn, at most, while it asks for data: a page draws, the data its queries asked for is
 * fetched, and it draws again, since what it shows may ask for more (a booking, then its detailer). What is still
 * missing after the last round shows as the skeleton the app shows while it loads.
 */
const drawingRounds = 3;

function waitsForData(query: Query): boolean {
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((query: Query) => boolean); queryFn?: unknown };
  const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return isEnabled && queryFn !== skipToken && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

/**
 * The first screen at `path` for `user` (null: a visitor), drawn with the app's own components outside the browser
 * (decision 024, 025). The server draws every page with its data, its API requests going through the app itself
 * (`sendApiRequestsThrough`); the build draws a visitor's pages without data (`withData: false`: every list shows
 * its skeleton), for when the server cannot (decision 029). main.tsx hydrates it: the app's first render in the
 * browser is the same screen, with the same data, and React takes over the page's elements instead of building them
 * again (decision 028). A page that sends the reader elsewhere (a guarded page) gives where, for the server to
 * redirect.
 */
export async function drawFirstScreen(
  { path, search = '', user }: { path: string; search?: string; user: User | null },
  { withData }: { withData: boolean },
): Promise<FirstScreen> {
  await loadPageAt(path);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  const ssrContext: { redirectTo?: string } = {};
  // prerender, not renderToString: it waits for the page's lazy parts (a chart, a dialog) instead of leaving their
  // fallback. A part that fails is reported here (React would leave its fallback and a marker), and the page with it.
  const draw = async () => {
    const failures: unknown[] = [];
    const { prelude } = await prerender(
      <Router ssrPath={path} ssrSearch={search} ssrContext={ssrContext}>
        <App queryClient={queryClient} />
      </Router>,
      // Everything inline: React would otherwise send a large part apart with a script to put it in place, and our
      // Content-Security-Policy runs no inline script.
      { onError: (error) => void failures.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    if (failures.length > 0) throw new Error(`Drawing ${path} failed: ${failures.map(String).join('; ')}`, { cause: failures[0] });
    const html = await new Response(prelude).text();
    if (html.includes('<script')) throw new Error(`Drawing ${path} left a script in the page, which our policy would block`);
    return html;
  };
  let markup = await draw();
  for (let round = 1; withData && round < drawingRounds && !ssrContext.redirectTo; round++) {
    const waiting = queryClient.getQueryCache().getAll().filter(waitsForData);
    if (waiting.length === 0) break;
    // A failed request leaves its query in error: the page draws its error or loading state, as the app would.
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    markup = await draw();
  }
  const hydratable = !queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'error');
  return { markup, data: dehydrate(queryClient), redirectTo: ssrContext.redirectTo ?? null, hydratable };
}

/** A visitor's first screen at `path`, drawn by the build (vite.config.ts): no data, every list a skeleton. */
export async function prerenderVisitorPage(path: string): Promise<string> {
  return (await drawFirstScreen({ path, user: null }, { withData: false })).markup;
}
