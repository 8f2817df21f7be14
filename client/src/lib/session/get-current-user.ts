import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@core/schemas/user.ts';
import { hasSignedInHint } from '@core/domain/session-hint.ts';
import { apiGet } from '@/lib/api-client.ts';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/**
 * The signed-in user, or null. Asked of /api/auth/session, which answers a visitor with `user: null` instead of the
 * spec's 401 (a failed request in a visitor's console on every first visit); cached under the spec's key.
 */
export async function getCurrentUser(): Promise<User | null> {
  // No hint, no session: a visitor's page asks nothing and paints at once (core/domain/session-hint.ts).
  if (!hasSignedInHint(document.cookie)) return null;
  return (await apiGet<{ user: User | null }>('/api/auth/session')).user;
}

// Read once when the page loads (document.cookie is a slow synchronous read, not for every render). The build's
// prerender (no document) draws the visitor's page.
let visitorAtLoad: boolean | undefined;

export const currentUserQueryOptions = () => {
  visitorAtLoad ??= typeof document === 'undefined' || !hasSignedInHint(document.cookie);
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // A visitor is known at once: the first render shows the signed-out page instead of a loading state. The
    // cache keeps what the first query made of it; sign-in and sign-out replace it.
    initialData: visitorAtLoad ? null : undefined,
  });
};

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
