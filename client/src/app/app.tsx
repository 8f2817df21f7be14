import { StrictMode, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useInBrowser } from '@/lib/use-in-browser.ts';
import { AppProviders } from './providers.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * Every form control is disabled until the app is live in the browser. A screen drawn by the server (decisions 024,
 * 025) is on screen before the app's scripts have run: a button there would do nothing, and a form's submit button
 * would send the form the browser's way, its fields in the address. The browser disables what a disabled fieldset
 * holds; `display: contents` keeps it out of the layout and `role="presentation"` out of what a screen reader
 * announces. The server draws it disabled; hydrating that screen, the app's first render matches it (React reads
 * `useInBrowser`'s server value while it hydrates) and enables it right after. Links work throughout.
 */
function DisabledUntilLive({ children }: { children: ReactNode }) {
  const isLive = useInBrowser();
  return (
    <fieldset disabled={!isLive} role="presentation" className="contents">
      {children}
    </fieldset>
  );
}

/** The whole app: what main.tsx renders, and what the build and the server draw (prerender.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <DisabledUntilLive>
        <AppProviders queryClient={queryClient}>
          <AppShell>
            <AppRoutes />
          </AppShell>
        </AppProviders>
      </DisabledUntilLive>
    </StrictMode>
  );
}
