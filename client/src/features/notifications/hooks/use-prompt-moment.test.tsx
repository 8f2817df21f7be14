// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '@core/schemas/user.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { usePromptMoment } from './use-prompt-moment.ts';

const customer: User = {
  id: 3,
  email: 'c@example.com',
  role: 'customer',
  name: 'Cara',
  username: 'cara',
  referralCredits: '0.00',
  detailerId: null,
  phone: null,
  avatarUrl: null,
};

function renderAt(path: string, user: User = customer) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(currentUserQueryKey, user);
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>{children}</Router>
    </QueryClientProvider>
  );
  let renders = 0;
  const hook = renderHook(
    () => {
      renders++;
      return usePromptMoment();
    },
    { wrapper },
  );
  return { ...hook, location, renders: () => renders };
}

/** The frame and the task after it, when the page has painted. */
async function paint() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(50);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('usePromptMoment', () => {
  it("opens on a customer's booking page once it has painted, and not on Home", async () => {
    const home = renderAt('/');
    await paint();
    expect(home.result.current.isOpen).toBe(false);
    cleanup();
    const booking = renderAt('/bookings/7');
    expect(booking.result.current.isOpen).toBe(false);
    await paint();
    expect(booking.result.current.isOpen).toBe(true);
  });

  it('never takes the first tap: a page touched before the prompt opened keeps it shut until the next occasion', async () => {
    const { result, location } = renderAt('/bookings/7');
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    await paint();
    expect(result.current.isOpen).toBe(false);
    // The next occasion (another booking's page) asks again, untouched.
    act(() => location.navigate('/bookings/8'));
    await paint();
    expect(result.current.isOpen).toBe(true);
  });

  it('is not drawn again by a touch where it cannot open (the booking flow), so the first tap there does less', async () => {
    const { result, renders } = renderAt('/booking/1');
    await paint();
    const before = renders();
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(renders()).toBe(before);
    expect(result.current.isOpen).toBe(false);
  });

  it('stays shut for an admin', async () => {
    const { result } = renderAt('/bookings/7', { ...customer, role: 'admin' });
    await paint();
    expect(result.current.isOpen).toBe(false);
  });
});
