// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
