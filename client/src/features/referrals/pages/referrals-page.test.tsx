// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReferralsResponse } from '@core/schemas/referrals.ts';
import { Toaster } from '@/components/ui/toaster.tsx';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import ReferralsPage from './referrals-page.tsx';

const link = 'http://localhost:3000/login?ref=AB12CD34';
const mine = (overrides: Partial<ReferralsResponse> = {}): ReferralsResponse => ({
  code: 'AB12CD34',
  shareLink: link,
  friendCreditCents: 1000,
  referrerCreditCents: 1500,
  creditsEarnedCents: 1500,
  balanceCents: 2500,
  friends: [
    { id: 2, name: 'Jamie L.', state: 'completed', since: '2026-11-20T10:00:00Z' },
    { id: 1, name: 'Sam P.', state: 'signed_up', since: '2026-11-18T10:00:00Z' },
  ],
  ...overrides,
});
const publicSettings = { referralFriendCreditCents: 1000, referralReferrerCreditCents: 1500 };

let replies: Record<string, Reply> = {};
stubFetchEachTest(fetchFromReplies(() => replies));

const renderPage = () =>
  renderAtPath(
    '/referrals',
    <>
      <ReferralsPage />
      <Toaster />
    </>,
  );

describe('ReferralsPage', () => {
  it('shows the code, the credits, how it works with the live amounts, and each friend with their state', async () => {
    replies = { '/api/referrals': { status: 200, body: mine() }, '/api/settings/public': { status: 200, body: publicSettings } };
    renderPage();
    expect(await screen.findByText('AB12CD34')).toBeTruthy();
    expect((screen.getByLabelText('Your share link') as HTMLInputElement).value).toBe(link);
    expect(screen.getByText('Credits earned').nextSibling?.textContent).toBe('$15.00');
    expect(screen.getByText('Available to spend').nextSibling?.textContent).toBe('$25.00');
    expect(await screen.findByText(/get \$15\.00 in credits/)).toBeTruthy();
    const friends = within(screen.getByRole('list', { name: 'Invited friends' })).getAllByRole('listitem');
    expect(friends.map((f) => f.textContent)).toEqual([expect.stringContaining('Jamie L.'), expect.stringContaining('Sam P.')]);
    expect(within(friends[0]!).getByText('Completed')).toBeTruthy();
    expect(within(friends[1]!).getByText('Signed up')).toBeTruthy();
  });

  it('copies the link with a toast where there is no share sheet', async () => {
    replies = { '/api/referrals': { status: 200, body: mine() } };
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Share link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it("opens the phone's share sheet when there is one", async () => {
    replies = { '/api/referrals': { status: 200, body: mine() } };
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Share link' }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link })));
    expect(writeText).not.toHaveBeenCalled();
  });

  it('has an empty state and an error state with a retry', async () => {
    replies = { '/api/referrals': { status: 200, body: mine({ friends: [], creditsEarnedCents: 0 }) } };
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No friends invited yet' })).toBeTruthy();
    unmount();
    replies = { '/api/referrals': { status: 500, body: { code: 'internal', message: 'Boom' } } };
    renderPage();
    expect(await screen.findByText("We couldn't load your referrals.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
