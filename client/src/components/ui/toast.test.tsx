// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { dismissToast, toast } from '@/lib/toast.ts';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

function visibleToasts() {
  // The viewport landmark is labelled "Notifications (F8)"; each toast is one <li> inside it.
  const viewport = screen.getByRole('region', { name: /notifications/i });
  return within(viewport).queryAllByRole('listitem');
}

describe('Toaster', () => {
  it('shows one toast at a time: a second toast replaces the first', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Booking saved' });
    });
    expect(visibleToasts()).toHaveLength(1);
    expect(visibleToasts()[0]?.textContent).toContain('Booking saved');

    act(() => {
      toast({ title: 'Payment failed', description: 'Try another card.', variant: 'destructive' });
    });
    const toasts = visibleToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain('Payment failed');
    expect(toasts[0]?.textContent).not.toContain('Booking saved');
  });

  it('offers a Close button that dismisses the toast', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Copied' });
    });
    act(() => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    expect(visibleToasts()).toHaveLength(0);
  });

  it('goes when the reader leaves the page it was drawn on', () => {
    const location = memoryLocation({ path: '/garage', record: true });
    render(
      <Router hook={location.hook}>
        <Toaster />
      </Router>,
    );
    act(() => {
      toast({ title: 'Car saved' });
    });
    expect(visibleToasts()).toHaveLength(1);
    act(() => location.navigate('/bookings'));
    expect(visibleToasts()).toHaveLength(0);
  });

  it('stays on the page it announces: raised with the navigation, it is first drawn there', () => {
    const location = memoryLocation({ path: '/login', record: true });
    render(
      <Router hook={location.hook}>
        <Toaster />
      </Router>,
    );
    act(() => {
      toast({ title: 'Signed in' });
      location.navigate('/');
    });
    expect(visibleToasts()).toHaveLength(1);
    expect(visibleToasts()[0]?.textContent).toContain('Signed in');
  });

  it('sits at the bottom, above the bottom nav, never over the header or the page title', () => {
    render(<Toaster />);
    const viewport =
      screen.getByRole('region', { name: /notifications/i }).querySelector('ol') ?? screen.getByRole('region', { name: /notifications/i });
    const classes = viewport.className.split(/\s+/);
    expect(classes.some((name) => name.startsWith('bottom-[calc(3.5rem+1px'))).toBe(true);
    // At the top only while a modal covers the page (its sheet's buttons are at the bottom).
    expect(classes.filter((name) => name.startsWith('top-'))).toEqual([]);
    expect(classes.filter((name) => /:top-/.test(name)).every((name) => /data-scroll-locked|dialog:modal/.test(name))).toBe(true);
  });
});
