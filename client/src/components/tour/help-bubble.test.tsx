// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpBubble } from './help-bubble.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('HelpBubble', () => {
  it("click bubbles open from their badge and close with 'Got it!'; showOnce ones never come back", async () => {
    const user = userEvent.setup();
    const bubble = (
      <HelpBubble id="categories" title="Categories" content="Filter by type" showOnce>
        Chips
      </HelpBubble>
    );
    const { unmount } = render(bubble);
    await user.click(screen.getByRole('button', { name: 'Help: Categories' }));
    // The popover loads on first open: a dynamic import, slow when the machine is busy (hence the longer wait).
    expect(await screen.findByText('Filter by type', {}, { timeout: 10_000 })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('shownHelpBubbles')!)).toEqual(['categories']);
    await user.click(screen.getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByText('Filter by type')).toBeNull();
    unmount();

    render(bubble);
    expect(screen.getByText('Chips')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Help: Categories' })).toBeNull();
  });

  it('auto bubbles open after their delay', async () => {
    vi.useFakeTimers();
    render(
      <HelpBubble id="detailer" title="Detailers" content="Tap one to book" trigger="auto" autoDelay={5000}>
        X
      </HelpBubble>,
    );
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Tap one to book')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    vi.useRealTimers();
    expect(await screen.findByText('Tap one to book', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
