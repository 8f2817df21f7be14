// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DetailerDashboard } from '@core/schemas/dashboard.ts';
import type { Onboarding } from '@core/schemas/onboarding.ts';
import { bookingResponse } from '../../../../tests/factories/booking-response.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../tests/factories/page-harness.tsx';
import DetailerHomePage from './detailer-home-page.tsx';

const steps = (done: string[]): Onboarding['steps'] =>
  (['business', 'area', 'hours', 'services', 'payout'] as const).map((key) => ({
    key,
    label: `Step ${key}`,
    done: done.includes(key),
    href: '/x',
  }));
const onboarding = (overrides: Partial<Onboarding>): Onboarding => ({
  steps: steps([]),
  complete: false,
  approved: false,
  submittedForApproval: false,
  business: { businessName: 'Sam Shine', description: '', logoUploadId: null, logoUrl: null },
  ...overrides,
});
const dashboard: DetailerDashboard = {
  businessName: 'Shine On Mobile',
  timeZone: 'America/Los_Angeles',
  today: '2099-01-05',
  todayJobs: [
    bookingResponse({
      id: 3,
      status: 'accepted',
      date: '2099-01-05',
      time: '10:00 AM',
      customerName: 'Ada Lane',
      allowedActions: ['start-route'],
    }),
  ],
  overdueJobs: [],
  requests: [],
  weekEarningsCents: 0,
  weekStartsOn: '2099-01-05',
  acceptance: { accepted: 0, declined: 0, expired: 0, ratePercent: null },
  rating: 0,
  reviewCount: 0,
};

let replies: Record<string, Reply> = {};
stubFetchEachTest(fetchFromReplies(() => replies));

describe('DetailerHomePage', () => {
  it('shows the setup while the business is not approved', async () => {
    replies = { '/api/detailer/onboarding': { status: 200, body: onboarding({ steps: steps(['hours', 'payout']) }) } };
    renderAtPath('/detailer', <DetailerHomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your business' })).toBeTruthy();
    expect(screen.getByText('2 of 5 done')).toBeTruthy();
    expect(screen.queryByText('Waiting for approval')).toBeNull();
  });

  it('says an admin is checking once every step is done', async () => {
    replies = {
      '/api/detailer/onboarding': {
        status: 200,
        body: onboarding({ steps: steps(['business', 'area', 'hours', 'services', 'payout']), complete: true, submittedForApproval: true }),
      },
    };
    renderAtPath('/detailer/dashboard', <DetailerHomePage />);
    expect(await screen.findByText('Waiting for approval')).toBeTruthy();
    expect(screen.getByText('5 of 5 done')).toBeTruthy();
  });

  it('shows the dashboard once approved', async () => {
    replies = {
      '/api/detailer/onboarding': { status: 200, body: onboarding({ approved: true, complete: true }) },
      '/api/detailer/dashboard': { status: 200, body: dashboard },
    };
    renderAtPath('/detailer', <DetailerHomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const today = screen.getByRole('region', { name: /Today's jobs/ });
    expect(within(today).getByText('Ada Lane')).toBeTruthy();
  });

  it('offers a retry when the setup cannot be read', async () => {
    replies = { '/api/detailer/onboarding': { status: 500, body: { code: 'internal', message: 'Boom' } } };
    renderAtPath('/detailer', <DetailerHomePage />);
    expect(await screen.findByText("We couldn't load your business.")).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });
});
