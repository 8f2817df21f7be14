import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Role } from '@core/domain/roles.ts';
import type { ConversationSummary, ConversationThread, Message } from '@core/schemas/message.ts';
import { Toaster } from '@/components/ui/toaster.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { jsonResponse } from '../../../../../tests/factories/booking-response.ts';

export const me = { id: 2, name: 'Sam Carter', role: 'customer' as Role };

export function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 5,
    kind: 'booking',
    bookingId: 7,
    otherParty: { name: 'Gloss Boss Mobile Detailing', avatarUrl: null },
    booking: { serviceName: 'Basic Exterior Wash', startsAt: '2099-01-05T17:00:00.000Z' },
    lastMessage: { body: 'See you at nine', hasPhoto: false, senderUserId: 9, createdAt: '2099-01-06T12:00:00.000Z' },
    unreadCount: 0,
    isReadOnly: false,
    lastMessageAt: '2099-01-06T12:00:00.000Z',
    ...overrides,
  };
}

export function message(overrides: Partial<Message> & { id: number }): Message {
  const isMine = overrides.isMine ?? false;
  return {
    conversationId: 5,
    senderUserId: isMine ? me.id : 9,
    senderName: isMine ? me.name : 'Gloss Boss Mobile Detailing',
    isMine,
    body: `Message ${overrides.id}`,
    photoUrl: null,
    createdAt: '2099-01-06T12:00:00.000Z',
    clientId: `client-${overrides.id}`,
    isReported: false,
    ...overrides,
  };
}

export function thread(overrides: Partial<ConversationThread> = {}): ConversationThread {
  return { conversation: summary(), messages: [], otherPartyLastReadMessageId: null, hasMore: false, ...overrides };
}

export type Route = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** A fetch stand-in answering `METHOD url` from the table; anything else is a 404. */
export function routedFetch(routes: () => Record<string, Route>) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes()[`${init?.method ?? 'GET'} ${url}`];
    return route ? route(init, url) : jsonResponse({ message: 'Not found' }, 404);
  });
}

export const json = jsonResponse;

/** The JSON bodies sent to `METHOD url`. */
export const sentBodies = (fetchMock: ReturnType<typeof routedFetch>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

/** Renders `ui` at `path` (with its search) for a signed-in user, with the toaster. */
export function renderAs(path: string, ui: ReactNode, user: { id: number; name: string; role: Role } = me) {
  const { hook, searchHook, navigate } = memoryLocation({ path, record: true });
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, { ...user, email: 'sam@example.com', username: 'sam' } as never);
  const view = render(
    <QueryClientProvider client={client}>
      <Router hook={hook} searchHook={searchHook}>
        {ui}
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, navigate, client };
}
