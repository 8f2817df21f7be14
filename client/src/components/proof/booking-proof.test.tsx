// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingProof as Proof } from '@core/schemas/proof.ts';
import { bookingResponse } from '../../../../tests/factories/booking-response.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../tests/factories/page-harness.tsx';
import { BookingProof } from './booking-proof.tsx';

const photo = (id: number, phase: 'before' | 'after') => ({
  id,
  phase,
  url: `/api/uploads/${100 + id}`,
  createdAt: '2099-01-05T17:10:00.000Z',
});
const item = (id: number, label: string, checked: boolean) => ({
  id,
  label,
  checked,
  checkedAt: checked ? '2099-01-05T17:20:00.000Z' : null,
});

const underWay: Proof = {
  photos: [photo(1, 'before'), photo(2, 'after'), photo(3, 'before')],
  checklist: [item(1, 'Wheels and tyres cleaned', true), item(2, 'Windows streak-free', false)],
  canEdit: false,
  missing: ['Checklist: Windows streak-free'],
};

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);

const inProgress = bookingResponse({ status: 'in_progress' });
// fetch is called with (url, init); the stub's own signature names only the url.
const calls = () => fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
const requestsTo = (method: string) =>
  calls()
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url]) => url);

describe('BookingProof', () => {
  it('shows the customer the photos in before/after pairs and the checklist with its ticks, read-only', async () => {
    replies = { '/api/bookings/7/proof': { status: 200, body: underWay } };
    renderAtPath('/bookings/7', <BookingProof booking={inProgress} />);
    const pairs = await screen.findByRole('list', { name: 'Before and after photos' });
    const rows = within(pairs).getAllByRole('listitem');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ),
    ).toEqual([
      ['Before photo 1 of Basic Exterior Wash', 'After photo 1 of Basic Exterior Wash'],
      ['Before photo 2 of Basic Exterior Wash'],
    ]);
    expect(within(rows[1]!).getByText('No after photo')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'After photo 1 of Basic Exterior Wash' }).getAttribute('src')).toBe('/api/uploads/102?w=320');
    expect(screen.getByText('1 of 2 done')).toBeTruthy();
    expect(screen.getByText(': done')).toBeTruthy();
    expect(screen.getByText(': not done yet')).toBeTruthy();
    // Read-only: nothing to tick, nothing to upload or remove.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('Add an after photo')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'After photo 1 of Basic Exterior Wash' }));
    const dialog = await screen.findByRole('dialog', { name: 'After photo 1 of Basic Exterior Wash' });
    expect(within(dialog).getByRole('img').getAttribute('srcset')).toBe('/api/uploads/102?w=800 800w, /api/uploads/102?w=1600 1600w');
  });

  it('tells the customer the photos are coming while the job has none yet', async () => {
    replies = {
      '/api/bookings/7/proof': { status: 200, body: { photos: [], checklist: [], canEdit: false, missing: ['At least one after photo'] } },
    };
    renderAtPath('/bookings/7', <BookingProof booking={bookingResponse({ status: 'en_route' })} />);
    expect(
      await screen.findByText('Your detailer adds before and after photos as they work; they appear here as they are added.'),
    ).toBeTruthy();
  });

  it('shows nothing, and asks nothing, before the job is under way; nothing for a finished job without proof', async () => {
    const { container } = renderAtPath('/bookings/7', <BookingProof booking={bookingResponse({ status: 'accepted' })} />);
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();

    replies = { '/api/bookings/7/proof': { status: 200, body: { photos: [], checklist: [], canEdit: false, missing: [] } } };
    const done = renderAtPath('/bookings/7', <BookingProof booking={bookingResponse({ status: 'completed' })} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(done.container.textContent).toBe(''));
  });

  it('offers a retry when the proof cannot be loaded', async () => {
    replies = { '/api/bookings/7/proof': { status: 500, body: { code: 'internal', message: 'Something went wrong on our side' } } };
    renderAtPath('/bookings/7', <BookingProof booking={inProgress} />);
    expect(await screen.findByText("We couldn't load the photos and checklist.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('gives the detailer the editor: a camera picker per phase, the checklist to tick, and removal after a confirmation', async () => {
    const editable = { ...underWay, canEdit: true };
    const ticked = { ...editable, checklist: [editable.checklist[0]!, item(2, 'Windows streak-free', true)], missing: [] };
    replies = {
      '/api/bookings/7/proof': { status: 200, body: editable },
      '/api/bookings/7/checklist/2': { status: 200, body: ticked },
      '/api/bookings/7/photos/1': { status: 200, body: { ...editable, photos: editable.photos.slice(1) } },
    };
    renderAtPath('/job-progress/7', <BookingProof booking={inProgress} />);
    expect(await screen.findByRole('heading', { name: 'Proof of service' })).toBeTruthy();
    for (const label of ['Add a before photo', 'Add an after photo']) {
      const picker = screen.getByLabelText(label) as HTMLInputElement;
      expect(picker.type).toBe('file');
      expect(picker.getAttribute('capture')).toBe('environment');
    }
    expect(screen.getByText('2 of 12')).toBeTruthy();

    const windows = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Windows streak-free' });
    expect(windows.checked).toBe(false);
    fireEvent.click(windows);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Windows streak-free' }).checked).toBe(true));
    expect(requestsTo('PATCH')).toEqual(['/api/bookings/7/checklist/2']);
    expect(JSON.parse(calls().find(([url]) => url === '/api/bookings/7/checklist/2')![1]!.body as string)).toEqual({ checked: true });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Before photo 1 of Basic Exterior Wash' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    expect(requestsTo('DELETE')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(requestsTo('DELETE')).toEqual(['/api/bookings/7/photos/1']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('1 of 12')).toHaveLength(2);
  });

  it('keeps the checklist closed on the way to the car: it comes with Start', async () => {
    replies = {
      '/api/bookings/7/proof': { status: 200, body: { photos: [], checklist: [], canEdit: true, missing: ['At least one after photo'] } },
    };
    renderAtPath('/job-progress/7', <BookingProof booking={bookingResponse({ status: 'en_route' })} />);
    expect(await screen.findByText("The service's checklist appears here when you start the job.")).toBeTruthy();
    expect(screen.getByText('No after photos yet: at least one is needed to complete the job.')).toBeTruthy();
  });
});
