import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: no automatic retries, no refetch on window focus, cached data never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
