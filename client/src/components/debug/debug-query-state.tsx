import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';

/** The app's not-found page, as the router shows it: what a debug page is when demo mode is off. */
function NotFound() {
  return (
    <section className="p-4">
      <Card>
        <CardContent className="flex flex-col gap-3 py-6">
          <div className="flex items-center gap-2">
            <AlertCircle aria-hidden className="size-8 text-danger-600" />
            <h1 className="text-2xl font-bold text-neutral-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-neutral-600">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * The debug and test pages' loading and failure states (issue 19): the server answers 404 with demo mode off, and
 * the page is then not there either; any other failure can be retried.
 */
export function DebugQueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <FullPageSpinner label={`Loading ${label}`} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return <ErrorState message={`We couldn't load ${label}.`} onRetry={() => query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
