// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationThread } from '@core/schemas/message.ts';
import { stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import { json, message, renderAs, routedFetch, sentBodies, summary, thread, type Route } from '../testing/messages-harness.tsx';
import { ConversationThread as ThreadView } from './conversation-thread.tsx';

let current: ConversationThread;
let send: Route;
const fetchMock = routedFetch(() => ({
  'GET /api/conversations/5': () => json(current),
  'POST /api/conversations/5/messages': send,
  'POST /api/conversations/5/read': () => new Response(null, { status: 204 }),
  'POST /api/messages/2/report': () => json({ id: 1, messageId: 2, reason: 'Rude', createdAt: '2099-01-06T12:30:00.000Z' }, 201),
}));
stubFetchEachTest(fetchMock);

beforeEach(() => {
  // Only Date is faked: "Today" and "Yesterday" are read against 2099-01-06 13:00 UTC.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2099-01-06T13:00:00.000Z'));
  current = thread({
    messages: [
      message({ id: 1, createdAt: '2099-01-05T12:00:00.000Z', body: 'Hi, is 9 AM still fine?' }),
      message({ id: 2, createdAt: '2099-01-05T12:05:00.000Z', body: 'Bring the <b>keys</b> https://example.com/map?x=1. Thanks' }),
      message({ id: 3, isMine: true, createdAt: '2099-01-06T11:00:00.000Z', body: 'Yes, see you then' }),
      message({ id: 4, isMine: true, createdAt: '2099-01-06T11:01:00.000Z', body: 'Gate code is 4321' }),
    ],
    otherPartyLastReadMessageId: 3,
  });
  send = (init) => {
    const body = JSON.parse(String(init!.body)) as { clientId: string; body: string };
    return json(message({ id: 10, isMine: true, body: body.body, clientId: body.clientId, createdAt: '2099-01-06T12:59:00.000Z' }), 201);
  };
});

const renderThread = () => renderAs('/messages?conversationId=5', <ThreadView conversationId={5} role="customer" />);
const field = () => screen.getByRole('textbox', { name: 'Message Gloss Boss Mobile Detailing' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('ConversationThread', () => {
  it('shows bubbles by sender under day separators, and Seen under my last message the other side read', async () => {
    renderThread();
    const log = await screen.findByRole('log', { name: 'Messages with Gloss Boss Mobile Detailing' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('heading', { level: 1, name: 'Gloss Boss Mobile Detailing' })).toBeTruthy();

    const items = within(log)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toBe('Yesterday');
    expect(items[3]).toBe('Today');
    expect(items).toHaveLength(6);

    // Mine on the right, theirs on the left.
    expect(screen.getByTestId('message-3').firstElementChild!.className).toContain('items-end');
    expect(screen.getByTestId('message-1').firstElementChild!.className).toContain('items-start');
    // 'Seen' once, under message 3 (message 4 is not read yet).
    expect(screen.getAllByText('Seen')).toHaveLength(1);
    expect(within(screen.getByTestId('message-3')).getByText('Seen')).toBeTruthy();
    // Report on theirs only.
    expect(within(screen.getByTestId('message-1')).getByRole('button', { name: /^Report/ })).toBeTruthy();
    expect(within(screen.getByTestId('message-3')).queryByRole('button', { name: /^Report/ })).toBeNull();
  });

  it('makes http(s) links clickable and shows HTML as text', async () => {
    renderThread();
    const bubble = await screen.findByTestId('message-2');
    const link = within(bubble).getByRole('link', { name: 'https://example.com/map?x=1' });
    expect(link.getAttribute('href')).toBe('https://example.com/map?x=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(bubble.textContent).toContain('Bring the <b>keys</b> https://example.com/map?x=1. Thanks');
    expect(bubble.querySelector('b')).toBeNull();
  });

  it('keeps Send disabled while the message is empty or over 2,000 characters, with a counter near the limit', async () => {
    renderThread();
    await screen.findByRole('log');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(field(), { target: { value: '   ' } });
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(field(), { target: { value: 'Hello' } });
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/\/ 2,000/)).toBeNull();
    fireEvent.change(field(), { target: { value: 'a'.repeat(1900) } });
    expect(screen.getByText('1,900 / 2,000')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000 · 1 over the limit')).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
  });

  it('shows a sending bubble at once; a failed send offers Retry, which resends the same clientId', async () => {
    let fail = true;
    let answer: (response: Response) => void = () => {};
    const realSend = send;
    send = (init, url) => {
      if (fail) return new Promise<Response>((resolve) => (answer = resolve));
      return realSend(init, url);
    };
    renderThread();
    await screen.findByRole('log');
    fireEvent.change(field(), { target: { value: 'On my way' } });
    fireEvent.click(sendButton());
    expect((field() as HTMLTextAreaElement).value).toBe('');
    const outgoing = screen.getByTestId('outgoing-message');
    expect(within(outgoing).getByText('On my way')).toBeTruthy();
    expect(within(outgoing).getByText('Sending…')).toBeTruthy();

    answer(json({ message: 'Service unavailable' }, 503));
    expect(await within(outgoing).findByText('Service unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(within(outgoing).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(screen.getByTestId('message-10')).toBeTruthy());
    expect(screen.queryByTestId('outgoing-message')).toBeNull();
    expect(within(screen.getByTestId('message-10')).getByText('On my way')).toBeTruthy();
    const [first, retry] = sentBodies(fetchMock, 'POST /api/conversations/5/messages');
    expect(first).toEqual({ clientId: expect.any(String), body: 'On my way' });
    expect(retry!.clientId).toBe(first!.clientId);
  });

  it('marks the thread read up to the newest message when it has unread messages', async () => {
    current = { ...current, conversation: summary({ unreadCount: 1 }) };
    renderThread();
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/conversations/5/read')).toEqual([{ lastReadMessageId: 4 }]));
  });

  it("reports the other party's message with a reason, in a labelled dialog", async () => {
    renderThread();
    fireEvent.click(within(await screen.findByTestId('message-2')).getByRole('button', { name: /^Report/ }));
    const dialog = screen.getByRole('dialog', { name: 'Report this message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Tell us what is wrong with this message.');
    expect(sentBodies(fetchMock, 'POST /api/messages/2/report')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Why are you reporting it?'), { target: { value: 'Rude' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock, 'POST /api/messages/2/report')).toEqual([{ reason: 'Rude' }]);
    expect(await screen.findByText('Message reported')).toBeTruthy();
  });

  it('offers older messages when there are more, asking for those before the oldest shown', async () => {
    current = { ...current, hasMore: true };
    const older = thread({ messages: [message({ id: 0, body: 'First ever', createdAt: '2099-01-04T12:00:00.000Z' })] });
    const routes = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/conversations/5?before=1' ? json(older) : routes(url, init),
    );
    renderThread();
    fireEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('First ever')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });
});
