// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const respondWith = (status: number, body: string, statusText = '') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );

describe('apiRequest', () => {
  it('raises "status: body" for a non-success answer and keeps the server message', async () => {
    respondWith(409, JSON.stringify({ code: 'conflict', message: 'This username is already taken' }));
    const error = await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"code":"conflict","message":"This username is already taken"}');
    expect(errorMessage(error, 'fallback')).toBe('This username is already taken');
  });

  it('uses the status text when the body is empty', async () => {
    respondWith(502, '', 'Bad Gateway');
    await expect(apiRequest('GET', '/api/services')).rejects.toThrow('502: Bad Gateway');
  });

  it('sends JSON only when there is a body, and always the cookies', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/auth/logout');
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.c' });
    const [, withoutBody] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [, withBody] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(withoutBody.headers).not.toHaveProperty('content-type');
    expect(withBody.headers).toHaveProperty('content-type', 'application/json');
    expect(withBody.credentials).toBe('include');
  });

  it('adds the demo headers of a stored demo user, and skips an unreadable one', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('demo-user', JSON.stringify({ id: 7, role: 'customer', email: 'c@example.com' }));
    await apiRequest('GET', '/api/auth/user');
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      'demo-user-id': '7',
      'demo-role': 'customer',
      'demo-user-email': 'c@example.com',
    });
    localStorage.setItem('demo-user', '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await apiRequest('GET', '/api/auth/user');
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).toEqual({});
    expect(warn).toHaveBeenCalled();
  });
});
