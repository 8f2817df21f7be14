import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { createQueryClient } from '@/lib/query-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { App } from './app.tsx';
import { loadPageAt } from './routes.tsx';

/**
 * The first screen a visitor sees at `path`, drawn by the build (vite.config.ts) so the server can send it inside
 * the page: a phone paints it before the scripts have arrived, where otherwise it waits for React to run (decision
 * 024). It is the app's own first render for a visitor: the same page, no data yet (every list shows its skeleton).
 * React does not hydrate it: main.tsx's createRoot replaces it on its first commit, so the form controls are
 * disabled here, in a fieldset that takes no part in the layout, and nothing typed before then is lost.
 */
export async function prerenderVisitorPage(path: string): Promise<string> {
  await loadPageAt(path);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, null);
  const markup = renderToString(
    <Router ssrPath={path} ssrSearch="">
      <fieldset disabled className="contents">
        <App queryClient={queryClient} />
      </fieldset>
    </Router>,
  );
  // A component that failed leaves React's client-rendering marker rather than throwing: the build must not ship it.
  const failure = /<template data-msg="([^"]*)"/.exec(markup);
  if (failure) throw new Error(`Prerendering ${path} failed: ${failure[1]}`);
  return markup;
}
