import { storageKeys } from './storage-keys.ts';

/** A non-success answer. Its message reads `status: body` as the spec says; `serverMessage` is for toasts. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    let body: { message?: unknown; fields?: Record<string, string> } | undefined;
    try {
      body = JSON.parse(bodyText);
    } catch {
      body = undefined;
    }
    this.serverMessage = typeof body?.message === 'string' ? body.message : undefined;
    this.fields = body?.fields;
  }
}

/** The spec's demo headers. The server ignores them (it trusts only its session cookie); they help support read logs. */
function demoHeaders(): Record<string, string> {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKeys.demoUser);
  if (!stored) return {};
  try {
    const user = JSON.parse(stored) as { id: number; role: string; email: string };
    return { 'demo-user-id': String(user.id), 'demo-role': user.role, 'demo-user-email': user.email };
  } catch (error) {
    console.warn('Ignoring an unreadable demo-user entry', error);
    return {};
  }
}

/** How a request reaches the server: the browser's fetch, or, while the server draws a page, the server itself. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** Called once by the server that draws pages (server/http/first-screen.ts); the browser keeps fetch. */
export function sendApiRequestsThrough(next: ApiTransport) {
  transport = next;
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await transport(url, {
    method,
    credentials: 'include',
    headers: { ...demoHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/** The text a toast shows for an error: the server's own message when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
