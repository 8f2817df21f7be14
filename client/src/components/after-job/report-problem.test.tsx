// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../tests/factories/page-harness.tsx';
import { ReportProblem } from './report-problem.tsx';

const completedAt = '2030-05-01T10:00:00.000Z';
const now = new Date('2030-05-01T12:00:00.000Z');
let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);
const posts = () => (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === 'POST');

async function openDialog() {
  renderAtPath('/bookings/4', <ReportProblem bookingId={4} completedAt={completedAt} now={now} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
  return screen.findByRole('dialog', { name: 'Report a problem' });
}

describe('ReportProblem', () => {
  it("shows the schema's message under a too-short description and sends nothing", async () => {
    replies = { '/api/bookings/4/claims': { status: 200, body: [] } };
    const dialog = await openDialog();
    const description = within(dialog).getByLabelText('What went wrong?');
    fireEvent.change(description, { target: { value: 'Dirty' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your description must be at least 10 characters');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(description);
    expect(posts()).toEqual([]);
  });

  it('sends the trimmed description with no photos and closes', async () => {
    replies = {
      '/api/bookings/4/claims': { status: 200, body: [] },
    };
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('What went wrong?'), { target: { value: '  The rear wheels were not cleaned.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({ description: 'The rear wheels were not cleaned.', uploadIds: [] });
  });
});
