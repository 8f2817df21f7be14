import { StrictMode, useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { AppRoutes } from './routes.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';

declare global {
  interface Window {
    /** Set by the recorder a drawn page carries (client/public/early-taps.js); absent on a page drawn by no one. */
    __glosslyReplay?: () => void;
  }
}

/** The whole app: what main.tsx renders, and what the build and the server draw (prerender.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  // Live now: the taps made on the drawn screen before this are done again, in order (decision 052).
  useEffect(() => window.__glosslyReplay?.(), []);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* The shell holds its own boundary around the page; this one catches the shell itself. */}
        <AppErrorBoundary>
          <AppShell>
            <AppRoutes />
          </AppShell>
        </AppErrorBoundary>
      </AppProviders>
    </StrictMode>
  );
}
