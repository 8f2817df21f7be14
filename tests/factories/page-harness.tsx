import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '@core/schemas/user.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { dismissToast } from '@/lib/toast.ts';
import { jsonResponse } from './booking-response.ts';

/** What a stubbed endpoint answers; 'pending' never answers (a request still loading). */
export type Reply = { status: number; body: unknown } | 'pending';

/** A fetch stand-in for the client's jsdom tests: each URL answered from the table `replies()` returns, else a 404. */
export function fetchFromReplies(replies: () => Record<string, Reply>) {
  return vi.fn((url: string) => {
    const reply = replies()[url] ?? { status: 404, body: { code: 'not_found', message: 'Not found' } };
    if (reply === 'pending') return new Promise<Response>(() => {});
    return Promise.resolve(jsonResponse(reply.body, reply.status));
  });
}

/**
 * Renders `ui` as the app does at `path`: under a query client (a fresh one, or one holding what a drawn page
 * brings, as the app's first render has it) and a router on an in-memory location.
 */
export function renderAtPath(path: string, ui: ReactNode, queryClient = createQueryClient()) {
  const { hook } = memoryLocation({ path });
  return render(
    <QueryClientProvider client={queryClient}>
      <Router hook={hook}>{ui}</Router>
    </QueryClientProvider>,
  );
}

/** A query client that already knows who is signed in (null: no one), as the app's does once the session is read. */
export function signedInQueryClient(user: User | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  return queryClient;
}

/** A ResizeObserver that never reports: jsdom has none. */
class SilentResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/**
 * The hooks of a jsdom test that stubs fetch: before each test, `fetchMock` cleared and installed as fetch; after
 * it, toasts dismissed, the DOM cleaned up, real timers and the real globals back.
 * - `signedInAs`: during each test the browser also carries the server's signed-in hint, so the app asks the session
 *   who is signed in; the session's answer naming that user is returned, to start each test's replies with.
 * - `hasMeasuringWidgets`: the page draws widgets that measure themselves (Radix's radio group, switch and checkbox;
 *   Recharts' box), so each test also gets a ResizeObserver, one that never reports.
 */
export function stubFetchEachTest(
  fetchMock: { mockClear: () => unknown },
  options: { signedInAs?: User; hasMeasuringWidgets?: boolean } = {},
): Record<string, Reply> {
  const { signedInAs, hasMeasuringWidgets = false } = options;
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    if (hasMeasuringWidgets) vi.stubGlobal('ResizeObserver', SilentResizeObserver);
    if (signedInAs) document.cookie = 'glossly_signed_in=1; path=/';
  });
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    if (signedInAs) document.cookie = 'glossly_signed_in=; max-age=0; path=/';
  });
  return signedInAs ? { '/api/auth/session': { status: 200, body: { user: signedInAs } } } : {};
}
