// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VisitOptions, VisitSchedule } from '@core/schemas/membership-visits.ts';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { VisitRhythmSection } from './visit-rhythm-section.tsx';

const options: VisitOptions = {
  services: [{ id: 3, name: 'Basic Exterior Wash' }],
  detailers: [{ id: 1, businessName: 'Gloss Boss Mobile Detailing', serviceIds: [3] }],
  cars: [{ id: 5, label: '2020 Honda Civic' }],
  addresses: [{ id: 8, label: 'Home: 500 Howard St, San Francisco' }],
};

const rhythm = {
  serviceId: 3,
  everyWeeks: 2 as const,
  detailerId: 1,
  weekday: 3,
  timeWindow: 'afternoon' as const,
  vehicleId: 5,
  savedAddressId: 8,
  nextVisitOn: '2026-12-02',
};

const withRhythm: VisitSchedule = {
  rhythm,
  visitsLeftThisPeriod: 1,
  upcoming: [
    {
      dueOn: '2026-12-02',
      status: 'booked',
      bookingId: 40,
      startsAt: '2026-12-02T21:00:00.000Z',
      detailerName: 'Gloss Boss Mobile Detailing',
      timeZone: 'America/Los_Angeles',
      serviceName: 'Basic Exterior Wash',
    },
    {
      dueOn: '2026-12-16',
      status: 'planned',
      bookingId: null,
      startsAt: null,
      detailerName: null,
      timeZone: null,
      serviceName: 'Basic Exterior Wash',
    },
  ],
};

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
const session = stubFetchEachTest(fetchMock, { signedInAs: userResponse() });
beforeEach(() => {
  replies = {
    ...session,
    '/api/memberships/11/visit-options': { status: 200, body: options },
  };
});

const requests = () =>
  (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).map(([url, init]) => ({
    url,
    method: init?.method ?? 'GET',
    body: init?.body,
  }));

describe('VisitRhythmSection', () => {
  it('offers the rhythm form when none is set, evening shown disabled, and sends the choices', async () => {
    replies['/api/memberships/11/visits'] = { status: 200, body: { rhythm: null, visitsLeftThisPeriod: 2, upcoming: [] } };
    renderAtPath('/account/subscription', <VisitRhythmSection membershipId={11} />);
    const form = await screen.findByRole('form', { name: 'Visit rhythm' });
    const evening = within(form).getByRole('option', { name: /Evening/ }) as HTMLOptionElement;
    expect(evening.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Service'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Detailer'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('How often'), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Time window'), { target: { value: 'afternoon' } });
    fireEvent.change(within(form).getByLabelText('Car'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: '8' } });
    replies['/api/memberships/11/visit-rhythm'] = { status: 200, body: withRhythm };
    fireEvent.click(within(form).getByRole('button', { name: 'Save rhythm' }));
    await waitFor(() => expect(requests().some((r) => r.method === 'PUT')).toBe(true));
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/memberships/11/visit-rhythm');
    expect(JSON.parse(String(put.body))).toEqual({
      serviceId: 3,
      everyWeeks: 4,
      detailerId: 1,
      weekday: 3,
      timeWindow: 'afternoon',
      vehicleId: 5,
      savedAddressId: 8,
    });
    expect(await screen.findByRole('list', { name: 'Upcoming visits' })).toBeTruthy();
  });

  it("shows the schema's message under each missing choice, focuses the first and sends nothing", async () => {
    replies['/api/memberships/11/visits'] = { status: 200, body: { rhythm: null, visitsLeftThisPeriod: 2, upcoming: [] } };
    renderAtPath('/account/subscription', <VisitRhythmSection membershipId={11} />);
    const form = await screen.findByRole('form', { name: 'Visit rhythm' });
    fireEvent.change(within(form).getByLabelText('Service'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rhythm' }));
    const detailer = within(form).getByLabelText('Detailer');
    await waitFor(() => expect(detailer.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(detailer);
    expect(detailer.getAttribute('aria-describedby')).toBe(`${detailer.id}-error`);
    expect(document.getElementById(`${detailer.id}-error`)?.textContent).toBe('Choose a detailer');
    expect(within(form).getByText('Choose a day', { selector: 'p' })).toBeTruthy();
    expect(within(form).getByLabelText('Service').getAttribute('aria-invalid')).toBeNull();
    expect(requests().some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's field message next to the field it names", async () => {
    replies['/api/memberships/11/visits'] = { status: 200, body: { rhythm: null, visitsLeftThisPeriod: 2, upcoming: [] } };
    replies['/api/memberships/11/visit-rhythm'] = {
      status: 400,
      body: { code: 'bad_request', message: 'Choose one of your cars', fields: { vehicleId: 'Choose one of your cars' } },
    };
    renderAtPath('/account/subscription', <VisitRhythmSection membershipId={11} />);
    const form = await screen.findByRole('form', { name: 'Visit rhythm' });
    fireEvent.change(within(form).getByLabelText('Service'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Detailer'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Car'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rhythm' }));
    await waitFor(() => expect(requests().some((r) => r.method === 'PUT')).toBe(true));
    const car = within(form).getByLabelText('Car');
    await waitFor(() => expect(car.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Choose one of your cars', { selector: 'p' })).toBeTruthy();
  });

  it('lists upcoming visits with Skip and Move, and skips one', async () => {
    replies['/api/memberships/11/visits'] = { status: 200, body: withRhythm };
    renderAtPath('/account/subscription', <VisitRhythmSection membershipId={11} />);
    const list = await screen.findByRole('list', { name: 'Upcoming visits' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Booked')).toBeTruthy();
    // The booked time in the detailer's zone (1 PM in Los Angeles), whatever the browser's zone.
    expect(within(items[0]!).getByText(/December 2.* 1:00 PM/)).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: /^Move the visit of/ })).toBeTruthy();
    expect(within(items[1]!).getByText('Books 7 days ahead')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(screen.getByText(/Every 2 weeks on Wednesday, afternoon/)).toBeTruthy();

    replies['/api/memberships/11/visits/skip'] = {
      status: 200,
      body: { ...withRhythm, upcoming: [{ ...withRhythm.upcoming[0]!, status: 'skipped' }, withRhythm.upcoming[1]!] },
    };
    fireEvent.click(within(items[0]!).getByRole('button', { name: /^Skip the visit of/ }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Upcoming visits' })).getByText('Skipped')).toBeTruthy());
    const skip = requests().find((r) => r.url.endsWith('/visits/skip'))!;
    expect(JSON.parse(String(skip.body))).toEqual({ dueOn: '2026-12-02' });
  });

  it('moves a booked visit, and names a missing date under it without sending', async () => {
    replies['/api/memberships/11/visits'] = { status: 200, body: withRhythm };
    renderAtPath('/account/subscription', <VisitRhythmSection membershipId={11} />);
    const list = await screen.findByRole('list', { name: 'Upcoming visits' });
    fireEvent.click(within(list).getByRole('button', { name: /^Move the visit of/ }));
    const form = await within(list).findByRole('form', { name: /^Move the visit of/ });
    const date = within(form).getByLabelText('New date');
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move visit' }));
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(date.getAttribute('aria-describedby')!)?.textContent).toBe('Date is required');
    expect(document.activeElement).toBe(date);
    expect(requests().some((r) => r.url.endsWith('/visits/move'))).toBe(false);

    replies['/api/memberships/11/visits/move'] = { status: 200, body: withRhythm };
    fireEvent.change(date, { target: { value: '2026-12-04' } });
    fireEvent.change(within(form).getByLabelText('New time'), { target: { value: '1:00 PM' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move visit' }));
    await waitFor(() => expect(requests().some((r) => r.url.endsWith('/visits/move'))).toBe(true));
    const move = requests().find((r) => r.url.endsWith('/visits/move'))!;
    expect(JSON.parse(String(move.body))).toEqual({ dueOn: '2026-12-02', date: '2026-12-04', time: '1:00 PM' });
  });
});
