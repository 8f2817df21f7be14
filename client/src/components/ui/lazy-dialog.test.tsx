// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog.tsx';

type Props = { open: boolean; title: string };

function setup() {
  const load = vi.fn(async () => ({ default: ({ open, title }: Props) => <p>{`${title}: ${open ? 'open' : 'closed'}`}</p> }));
  return { load, LazyDialog: lazyDialog<Props>(load) };
}

afterEach(cleanup);

describe('lazyDialog', () => {
  it('loads nothing and shows nothing while it has never been open', () => {
    const { load, LazyDialog } = setup();
    const { container } = render(<LazyDialog open={false} title="Add a car" />);
    expect(load).not.toHaveBeenCalled();
    expect(container.textContent).toBe('');
  });

  it('loads its content when first opened, and keeps it mounted (closed) afterwards', async () => {
    const { load, LazyDialog } = setup();
    const { rerender } = render(<LazyDialog open={false} title="Add a car" />);
    rerender(<LazyDialog open title="Add a car" />);
    expect(await screen.findByText('Add a car: open')).toBeTruthy();
    rerender(<LazyDialog open={false} title="Add a car" />);
    expect(screen.getByText('Add a car: closed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('counts a dialog without an open prop as open', async () => {
    const load = vi.fn(async () => ({ default: ({ amount }: { amount: string }) => <p>Confirm {amount}</p> }));
    const Confirm = lazyDialog<{ amount: string }>(load);
    render(<Confirm amount="$59.00" />);
    expect(await screen.findByText('Confirm $59.00')).toBeTruthy();
  });
});
