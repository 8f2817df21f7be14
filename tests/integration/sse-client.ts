import type { Notification } from '@core/schemas/notification.ts';

/** Reads a Server-Sent Events stream with fetch and collects the data of its `eventName` events (notifications by default). */
export async function openSseClient<T = Notification>(url: string, cookie: string, eventName = 'notification') {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const events: T[] = [];
  const waiters: Array<{ predicate: (n: T) => boolean; resolve: (n: T) => void }> = [];
  let comments = 0;
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          if (block.startsWith(':')) comments += 1;
          const lines = block.split('\n');
          if (!lines.includes(`event: ${eventName}`)) continue;
          const data = lines.find((line) => line.startsWith('data: '))!.slice('data: '.length);
          const notification = JSON.parse(data) as T;
          events.push(notification);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(notification)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(notification);
            }
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    events,
    comments: () => comments,
    /** Settles when the stream ends, from either side. */
    ended: pump,
    /** The first event matching predicate (already received or still to come), or a rejection after timeoutMs. */
    next(predicate: (n: T) => boolean, timeoutMs = 1000): Promise<T> {
      const seen = events.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          predicate,
          resolve: (n) => {
            clearTimeout(timer);
            resolve(n);
          },
        });
      });
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

/** An open stream of `T` events (what openSseClient resolves to). */
export type SseClient<T = Notification> = Awaited<ReturnType<typeof openSseClient<T>>>;
