// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { liveOn } from '@/lib/live-queries.ts';
import { useNotificationStream } from './use-notification-stream.ts';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  close() {}
}

describe('the live stream refetches the queries a change concerns', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function setup() {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const bookingReads = vi.fn(async () => ({ status: 'accepted' }));
    const catalogReads = vi.fn(async () => ['Basic Wash']);
    renderHook(
      () => {
        useNotificationStream(true);
        useQuery({ queryKey: ['/api/bookings', 7], queryFn: bookingReads, meta: liveOn('booking') });
        useQuery({ queryKey: ['/api/services'], queryFn: catalogReads });
      },
      { wrapper },
    );
    return { bookingReads, catalogReads, source: FakeEventSource.last! };
  }

  it('a booking change refetches the booking views and nothing else', async () => {
    const { bookingReads, catalogReads, source } = setup();
    await vi.waitFor(() => expect(bookingReads).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(catalogReads).toHaveBeenCalledTimes(1);
    source.emit('change', { topic: 'booking', id: 7 });
    await vi.waitFor(() => expect(bookingReads).toHaveBeenCalledTimes(2));
    expect(catalogReads).toHaveBeenCalledTimes(1);
  });

  it('an unreadable change is ignored', async () => {
    const { bookingReads, source } = setup();
    await vi.waitFor(() => expect(bookingReads).toHaveBeenCalledTimes(1));
    source.emit('change', { topic: 'weather', id: 7 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bookingReads).toHaveBeenCalledTimes(1);
  });

  it('the first open reads again the live queries answered before it; a reconnect reads them all again', async () => {
    const { bookingReads, catalogReads, source } = setup();
    await vi.waitFor(() => expect(bookingReads).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20)); // its answer is in
    source.emit('open'); // the booking was read before the stream listened: a change may have been missed
    await vi.waitFor(() => expect(bookingReads).toHaveBeenCalledTimes(2));
    source.emit('open'); // the second open is a reconnect: something may have been missed
    await vi.waitFor(() => expect(bookingReads).toHaveBeenCalledTimes(3));
    expect(catalogReads).toHaveBeenCalledTimes(1);
  });
});
