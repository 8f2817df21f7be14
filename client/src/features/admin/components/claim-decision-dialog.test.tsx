// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminClaim } from '@core/schemas/claim.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { ClaimDecisionDialog } from './claim-decision-dialog.tsx';

const claim: AdminClaim = {
  id: 5,
  bookingId: 12,
  customerId: 3,
  description: 'The rear wheels were not cleaned',
  status: 'open',
  photos: [],
  refundCents: null,
  resolutionNote: null,
  resolvedAt: null,
  createdAt: '2030-05-01T10:00:00.000Z',
  serviceName: 'Full detail',
  customerName: 'Casey Customer',
  detailerBusinessName: 'Gloss Pros',
  refundableCents: 7872,
};

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);
const posts = () => (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === 'POST');

async function open(decision: 'resolve' | 'reject') {
  renderAtPath('/admin', <ClaimDecisionDialog claim={claim} decision={decision} />);
  fireEvent.click(screen.getByRole('button', { name: `${decision === 'resolve' ? 'Resolve' : 'Reject'} claim #5` }));
  return screen.findByRole('dialog');
}

describe('ClaimDecisionDialog', () => {
  it('refuses a refund above what is left and an empty note under their fields, and sends nothing', async () => {
    const dialog = await open('resolve');
    const amount = within(dialog).getByLabelText('Refund (USD)') as HTMLInputElement;
    expect(amount.value).toBe('78.72');
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve claim' }));
    expect(await within(dialog).findByText('At most $78.72 can be refunded.')).toBeTruthy();
    expect(within(dialog).getByText('Write a note for the customer.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
    fireEvent.change(amount, { target: { value: 'twenty' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve claim' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, such as 20.00, or leave it empty for no refund.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('resolves with the refund in cents and without one when the amount is left empty', async () => {
    replies = { '/api/admin/claims/5/resolve': { status: 200, body: { ...claim, status: 'resolved' } } };
    const dialog = await open('resolve');
    fireEvent.change(within(dialog).getByLabelText('Refund (USD)'), { target: { value: '$20' } });
    fireEvent.change(within(dialog).getByLabelText('Note to the customer'), { target: { value: ' Part of the wash is on us. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve claim' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({ refundCents: 2000, note: 'Part of the wash is on us.' });
  });

  it('rejects with the note alone', async () => {
    replies = { '/api/admin/claims/5/reject': { status: 200, body: { ...claim, status: 'rejected' } } };
    const dialog = await open('reject');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Write a note for the customer.');
    fireEvent.change(within(dialog).getByLabelText('Note to the customer'), { target: { value: 'The photos show clean wheels.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![0]).toBe('/api/admin/claims/5/reject');
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({ note: 'The photos show clean wheels.' });
  });
});
