import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { AppProviders } from './app/providers.tsx';
import { AppShell } from './app/shell/app-shell.tsx';
import { AppRoutes } from './app/routes.tsx';

// Our Content-Security-Policy forbids eval (server/http/security-headers.ts). Zod's compiled parsers would probe
// for it with `new Function`, a violation the browser reports on every page with a form; it parses without. Set
// through the global Zod reads its config from (zod/v4/core/core.js), so the entry does not carry Zod itself.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// The first render is a transition: React renders it in slices of a few milliseconds and lets the browser paint
// and answer input between them, instead of one long task that a slow phone feels (Total Blocking Time).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </AppProviders>
    </StrictMode>,
  );
});

// The service worker (client/public/sw.js, decision 016) precaches the app shell so the next visit opens at once,
// offline too, and receives Web Push. Built apps only: the dev server serves no bundled worker. It registers after
// the page has loaded so its downloads never compete with the first paint. The URL is the one Web Push subscribes
// through (features/notifications/push-subscription.ts): one worker, one registration.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker did not register', error);
    });
  });
}
