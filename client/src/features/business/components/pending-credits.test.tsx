// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingCredit } from '@core/schemas/earnings.ts';
import { PendingCredits } from './pending-credits.tsx';

afterEach(cleanup);

const credit = (overrides: Partial<PendingCredit>): PendingCredit => ({
  bookingId: 1,
  serviceName: 'Basic Exterior Wash',
  completedAt: '2026-11-27T19:00:00Z',
  availableAt: '2026-11-29T19:00:00Z',
  amountCents: 5015,
  status: 'pending',
  ...overrides,
});

describe('PendingCredits', () => {
  it("shows each held membership visit as 'Pending' with the day it becomes available, or 'On hold' while a problem is open", () => {
    render(
      <PendingCredits
        credits={[credit({}), credit({ bookingId: 2, serviceName: 'Full Interior Detail', amountCents: 10965, status: 'on_hold' })]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Pending membership visits' });
    const [pending, held] = within(section).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(pending.textContent).toContain('Basic Exterior Wash');
    expect(pending.textContent).toContain('$50.15');
    expect(pending.textContent).toContain('Pending');
    expect(pending.textContent).toMatch(/Available Nov (29|30)/);
    expect(held.textContent).toContain('On hold');
    expect(held.textContent).toContain('$109.65');
    expect(held.textContent).not.toContain('Available');
  });

  it('shows nothing when no visit is held', () => {
    const { container } = render(<PendingCredits credits={[]} />);
    expect(container.textContent).toBe('');
  });
});
