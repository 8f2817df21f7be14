import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { AppRoutes } from './routes.tsx';

/** The whole app: what main.tsx renders, and what the build draws for a visitor (prerender.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </AppProviders>
    </StrictMode>
  );
}
