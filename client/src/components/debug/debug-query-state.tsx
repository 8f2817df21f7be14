import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { NotFound } from '@/components/not-found.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';

/**
 * The debug and test pages' loading and failure states (issue 19): the server answers 404 with demo mode off, and
 * the page is then not there either; any other failure can be retried.
 */
export function DebugQueryState<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <FullPageSpinner label={`Loading ${label}`} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return <ErrorState message={`We couldn't load ${label}.`} onRetry={() => query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
