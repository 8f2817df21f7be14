import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import './index.css';
import { App } from './app/app.tsx';
import { loadPageAt } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { currentUserQueryOptions } from './lib/session/get-current-user.ts';
import { reloadOnceForMissingChunk } from './lib/reload-after-deploy.ts';

// Our Content-Security-Policy forbids eval (server/http/security-headers.ts). Zod's compiled parsers would probe
// for it with `new Function`, a violation the browser reports on every page with a form; it parses without. Set
// through the global Zod reads its config from (zod/v4/core/core.js), so the entry does not carry Zod itself.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// A tab opened before a deploy meets chunks that are gone: it reloads once for the new build (issue 38).
window.addEventListener('vite:preloadError', (event) => reloadOnceForMissingChunk(event, sessionStorage, () => location.reload()));

// Who is signed in is asked now, while React renders the shell, rather than once the shell has mounted (a query
// starts when its component subscribes, after the first commit): every signed-in page waits on this answer. A
// visitor (no signed-in hint) asks nothing (lib/session/get-current-user.ts).
const queryClient = createQueryClient();
// A page the server drew for this request carries the data it drew with (server/http/static-client.ts, decision
// 025): the first render shows the same screen at once instead of loading it again.
const drawnWith = document.getElementById('first-screen-data');
if (drawnWith?.textContent) hydrate(queryClient, JSON.parse(drawnWith.textContent));
void queryClient.prefetchQuery(currentUserQueryOptions());

// A page the server drew (decisions 024, 025) is hydrated: React's first render is that same screen, and it takes
// over the elements already on screen instead of building the page again, so the phone neither rebuilds nor lays
// out the whole page once more (decision 028). Should a part differ (a saved draft, a clock past a minute), React
// draws that part afresh, as it would without the drawing: the reader sees the right screen, the console a warning.
// An empty page is rendered, and so is a drawn one the server marks as unlike the app's first render (a request
// that failed while drawing: its error does not travel with the page). Either is a transition: React works in slices
// of a few milliseconds and lets the browser paint and answer input between them, instead of one long task that a
// slow phone feels (Total Blocking Time). It waits for the first page's module (named in the page the server sent,
// so it is on its way already). Asking for that module's own imports adds a link to the page for each, about 1 ms
// apiece on a slow phone: that is done in a task of its own, after the one that evaluated this script, rather than
// lengthening it (decision 027).
const container = document.getElementById('root')!;
setTimeout(() => {
  void loadPageAt(location.pathname).then(() =>
    startTransition(() => {
      const app = <App queryClient={queryClient} />;
      if (container.hasChildNodes() && !('drawAgain' in container.dataset)) {
        hydrateRoot(container, app, {
          onRecoverableError: (error) => console.warn('The drawn screen differed from the app; React drew it again', error),
        });
      } else {
        createRoot(container).render(app);
      }
    }),
  );
}, 0);

// The service worker (client/public/sw.js, decision 016) precaches the app shell so the next visit opens at once,
// offline too, and receives Web Push. Built apps only: the dev server serves no bundled worker. It registers after
// the page has loaded so its downloads never compete with the first paint. The URL is the one Web Push subscribes
// through (features/notifications/push-subscription.ts): one worker, one registration. A visitor's page runs this
// script after its first paint (client/public/start-app.js), often once the page has loaded already.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker did not register', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
