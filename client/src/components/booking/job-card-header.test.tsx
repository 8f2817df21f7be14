// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingStatus } from '@core/domain/booking-status.ts';
import { JobCardHeader } from './job-card-header.tsx';

afterEach(cleanup);

const badgeOf = (status: BookingStatus, label: string) => {
  render(
    <JobCardHeader job={{ id: 41, serviceName: 'Full Detail', status }}>
      <p>10:00 AM</p>
    </JobCardHeader>,
  );
  return screen.getByText(label, { exact: true });
};

describe('JobCardHeader', () => {
  it('links the service to its job and shows the line under it', () => {
    badgeOf('accepted', 'Accepted');
    expect(screen.getByRole('link', { name: 'Full Detail' }).getAttribute('href')).toBe('/bookings/41');
    expect(screen.getByText('10:00 AM')).toBeTruthy();
  });

  it('warns on a request and an overdue job, the jobs waiting on the detailer', () => {
    expect(badgeOf('requested', 'Requested').className).toContain('bg-warning-100');
    cleanup();
    expect(badgeOf('overdue', 'Overdue').className).toContain('bg-warning-100');
    cleanup();
    expect(badgeOf('accepted', 'Accepted').className).toContain('bg-brand-50');
  });
});
