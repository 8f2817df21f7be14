// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminConversation } from '@core/schemas/message.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import AdminMessagesPage from './admin-messages-page.tsx';

const bookingThread: AdminConversation = {
  id: 5,
  kind: 'booking',
  bookingId: 7,
  participants: [
    { userId: 2, name: 'Sam Carter' },
    { userId: 9, name: 'Gloss Boss Mobile Detailing' },
  ],
  booking: {
    serviceName: 'Basic Exterior Wash',
    startsAt: '2099-01-05T17:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    status: 'accepted',
  },
  lastMessage: { body: 'Call me at 555 0100', hasPhoto: false, senderUserId: 9, createdAt: '2099-01-05T12:00:00.000Z' },
  lastMessageAt: '2099-01-05T12:00:00.000Z',
  reportedMessageCount: 1,
};
const supportThread: AdminConversation = {
  id: 6,
  kind: 'support',
  bookingId: null,
  participants: [{ userId: 2, name: 'Sam Carter' }],
  booking: null,
  lastMessage: null,
  lastMessageAt: null,
  reportedMessageCount: 0,
};

let answers: Record<string, AdminConversation[]>;
const fetchMock = fetchFromReplies(() =>
  Object.fromEntries(Object.entries(answers).map(([url, list]): [string, Reply] => [url, { status: 200, body: list }])),
);
stubFetchEachTest(fetchMock);
beforeEach(() => {
  answers = {
    '/api/admin/conversations': [bookingThread, supportThread],
    '/api/admin/conversations?bookingId=7': [bookingThread],
    '/api/admin/conversations?bookingId=7&userId=2': [bookingThread],
    '/api/admin/conversations?bookingId=7&userId=2&reported=true': [bookingThread],
    '/api/admin/conversations?reported=true': [],
  };
});

const requested = () => fetchMock.mock.calls.map(([url]) => url);

describe('AdminMessagesPage', () => {
  it('lists every thread with both sides, the booking or Support, the last message and reports; each opens the thread', async () => {
    renderAtPath('/admin/messages', <AdminMessagesPage />);
    const booking = await screen.findByTestId('admin-conversation-5');
    expect(within(booking).getByRole('heading', { name: 'Sam Carter and Gloss Boss Mobile Detailing' })).toBeTruthy();
    expect(within(booking).getByText('Booking #7')).toBeTruthy();
    // The slot on the booking's clock (9:00 AM in Los Angeles), whatever the zone the admin's phone is in.
    expect(within(booking).getByText('Basic Exterior Wash · Jan 5, 9:00 AM · Accepted')).toBeTruthy();
    expect(within(booking).getByText('Call me at 555 0100')).toBeTruthy();
    expect(within(booking).getByText('1 reported')).toBeTruthy();
    expect(booking.getAttribute('href')).toBe('/messages?conversationId=5');
    const support = screen.getByTestId('admin-conversation-6');
    expect(within(support).getByText('Support')).toBeTruthy();
    expect(within(support).getByText('Answer')).toBeTruthy();
    expect(within(support).getByText('No messages yet')).toBeTruthy();
  });

  it('asks the server with the filters: booking id, user id, reported only', async () => {
    renderAtPath('/admin/messages', <AdminMessagesPage />);
    await screen.findByTestId('admin-conversation-6');
    expect(requested()).toEqual(['/api/admin/conversations']);

    fireEvent.change(screen.getByLabelText('Booking ID'), { target: { value: '7' } });
    await waitFor(() => expect(requested()).toContain('/api/admin/conversations?bookingId=7'));
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: '2' } });
    await waitFor(() => expect(requested()).toContain('/api/admin/conversations?bookingId=7&userId=2'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reported only' }));
    await waitFor(() => expect(requested()).toContain('/api/admin/conversations?bookingId=7&userId=2&reported=true'));
    await waitFor(() => expect(screen.queryByTestId('admin-conversation-6')).toBeNull());

    // Clearing the ids keeps Reported only; nothing matches.
    fireEvent.change(screen.getByLabelText('Booking ID'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: 'abc' } });
    expect(await screen.findByRole('heading', { name: 'No conversations match' })).toBeTruthy();
    expect(requested().at(-1)).toBe('/api/admin/conversations?reported=true');
  });
});
