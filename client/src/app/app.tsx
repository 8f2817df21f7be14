import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { DisabledUntilLive } from '@/components/disabled-until-live.tsx';
import { AppProviders } from './providers.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { AppRoutes } from './routes.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';

/** The whole app: what main.tsx renders, and what the build and the server draw (prerender.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <DisabledUntilLive>
        <AppProviders queryClient={queryClient}>
          {/* The shell holds its own boundary around the page; this one catches the shell itself. */}
          <AppErrorBoundary>
            <AppShell>
              <AppRoutes />
            </AppShell>
          </AppErrorBoundary>
        </AppProviders>
      </DisabledUntilLive>
    </StrictMode>
  );
}
