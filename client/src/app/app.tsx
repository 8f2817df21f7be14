import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { AppRoutes } from './routes.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';

/** The whole app: what main.tsx renders, and what the build and the server draw (prerender.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
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
