// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest } from '../../../tests/factories/page-harness.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';

stubFetchEachTest(fetchFromReplies(() => ({})));

/** A screen that throws while drawing as long as `isBroken` says so. */
let isBroken = true;
function FlakyScreen() {
  if (isBroken) throw new Error('render failed');
  return <h1>Your bookings</h1>;
}

describe('AppErrorBoundary', () => {
  beforeEach(() => {
    isBroken = true;
    // React reports an error a boundary caught on console.error; here it is expected (the setup fails on others).
    vi.mocked(console.error).mockImplementation(() => undefined);
  });
  afterEach(() => vi.mocked(console.error).mockReset());

  it("shows a finished screen in the customer's words, and Try again draws the screen again", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, { id: 1, role: 'customer', name: 'Casey', email: 'casey@example.com' } as never);
    renderAtPath(
      '/bookings',
      <AppErrorBoundary>
        <FlakyScreen />
      </AppErrorBoundary>,
      queryClient,
    );

    expect(screen.getByRole('heading', { level: 1, name: "This screen didn't load" })).toBeTruthy();
    expect(screen.getByText(/Your bookings and payments are safe\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    isBroken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your bookings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("sends a detailer home to their dashboard, in a detailer's words", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, { id: 2, role: 'detailer', name: 'Sam', email: 'sam@example.com' } as never);
    renderAtPath(
      '/detailer/jobs',
      <AppErrorBoundary>
        <FlakyScreen />
      </AppErrorBoundary>,
      queryClient,
    );
    expect(screen.getByText(/Your jobs, schedule and earnings are safe\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).not.toBe('/');
  });

  it('resets when the reader goes to another screen', async () => {
    renderAtPath(
      '/broken',
      <>
        <Link href="/elsewhere">Elsewhere</Link>
        <AppErrorBoundary>
          <FlakyScreen />
        </AppErrorBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: "This screen didn't load" })).toBeTruthy();
    isBroken = false;
    await act(() => userEvent.click(screen.getByRole('link', { name: 'Elsewhere' })));
    expect(screen.getByRole('heading', { level: 1, name: 'Your bookings' })).toBeTruthy();
  });
});
