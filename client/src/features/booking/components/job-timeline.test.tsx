// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JobTimeline } from './job-timeline.tsx';

afterEach(cleanup);

describe('JobTimeline', () => {
  it('lists the statuses passed and ahead, marking the current one', () => {
    render(
      <JobTimeline
        booking={{
          status: 'accepted',
          timeline: [
            { status: 'pending_payment', action: 'create', at: '2026-11-22T10:00:00.000Z' },
            { status: 'requested', action: 'authorize', at: '2026-11-22T10:05:00.000Z' },
            { status: 'requested', action: 'reschedule', at: '2026-11-22T10:06:00.000Z' },
            { status: 'accepted', action: 'accept', at: '2026-11-22T11:00:00.000Z' },
          ],
        }}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Awaiting payment',
      'Requested',
      'Accepted',
      'On the way',
      'In progress',
      'Completed',
    ]);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null, null]);
  });

  it('ends at a side exit with nothing ahead', () => {
    render(
      <JobTimeline
        booking={{
          status: 'declined',
          timeline: [
            { status: 'pending_payment', action: 'create', at: '2026-11-22T10:00:00.000Z' },
            { status: 'requested', action: 'authorize', at: '2026-11-22T10:05:00.000Z' },
            { status: 'declined', action: 'decline', at: '2026-11-22T11:00:00.000Z' },
          ],
        }}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]!.getAttribute('aria-current')).toBe('step');
    expect(items[2]!.textContent).toContain('Declined');
  });
});
