import net from 'node:net';
import tls from 'node:tls';
import type { EventBus } from './event-bus.ts';

// The few Redis commands the bus needs (AUTH, PUBLISH, SUBSCRIBE, UNSUBSCRIBE) spoken in RESP over a socket:
// no client package is installed, and these need only a small parser. See docs/decisions/notifications-realtime.md.

type Reply = string | number | null | Reply[] | RedisError;

export class RedisError extends Error {}

/** Parses one RESP reply at offset; null when the buffer does not hold all of it yet. */
export function parseReply(buffer: Buffer, offset: number): { value: Reply; next: number } | null {
  if (offset >= buffer.length) return null;
  const lineEnd = buffer.indexOf('\r\n', offset);
  if (lineEnd === -1) return null;
  const type = String.fromCharCode(buffer[offset]!);
  const line = buffer.toString('utf8', offset + 1, lineEnd);
  const afterLine = lineEnd + 2;
  switch (type) {
    case '+':
      return { value: line, next: afterLine };
    case '-':
      return { value: new RedisError(line), next: afterLine };
    case ':':
      return { value: Number(line), next: afterLine };
    case '$': {
      const length = Number(line);
      if (length === -1) return { value: null, next: afterLine };
      if (buffer.length < afterLine + length + 2) return null;
      return { value: buffer.toString('utf8', afterLine, afterLine + length), next: afterLine + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count === -1) return { value: null, next: afterLine };
      const items: Reply[] = [];
      let next = afterLine;
      for (let i = 0; i < count; i += 1) {
        const item = parseReply(buffer, next);
        if (!item) return null;
        items.push(item.value);
        next = item.next;
      }
      return { value: items, next };
    }
    default:
      throw new RedisError(`Unexpected RESP type byte ${JSON.stringify(type)}`);
  }
}

export function encodeCommand(args: string[]): Buffer {
  const parts = [`*${args.length}\r\n`];
  for (const arg of args) parts.push(`$${Buffer.byteLength(arg)}\r\n${arg}\r\n`);
  return Buffer.from(parts.join(''));
}

type Connection = {
  send: (args: string[]) => Promise<Reply>;
  close: () => void;
  closed: Promise<void>;
};

/** Opens one connection; replies resolve in order, and pushes (pub/sub messages) go to onPush. */
function connect(url: URL, onPush: (reply: Reply[]) => void): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const port = Number(url.port || 6379);
    const host = url.hostname || '127.0.0.1';
    const socket: net.Socket =
      url.protocol === 'rediss:' ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
    socket.setNoDelay(true);
    const pending: Array<{ resolve: (r: Reply) => void; reject: (e: Error) => void }> = [];
    let buffer: Buffer = Buffer.alloc(0);
    let subscribed = false;
    let settled = false;
    let markClosed: () => void = () => undefined;
    const closed = new Promise<void>((done) => (markClosed = done));

    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      let offset = 0;
      for (;;) {
        const parsed = parseReply(buffer, offset);
        if (!parsed) break;
        offset = parsed.next;
        const value = parsed.value;
        // In subscribe mode Redis pushes ['message', channel, payload] at any time.
        if (subscribed && Array.isArray(value) && value[0] === 'message') {
          onPush(value);
          continue;
        }
        if (Array.isArray(value) && value[0] === 'subscribe') subscribed = true;
        const waiter = pending.shift();
        if (!waiter) continue;
        if (value instanceof RedisError) waiter.reject(value);
        else waiter.resolve(value);
      }
      buffer = buffer.subarray(offset);
    });
    const fail = (error: Error) => {
      while (pending.length > 0) pending.shift()!.reject(error);
      if (!settled) {
        settled = true;
        reject(error);
      }
    };
    socket.on('error', fail);
    socket.on('close', () => {
      fail(new RedisError('Redis connection closed'));
      markClosed();
    });

    const connection: Connection = {
      send: (args) =>
        new Promise<Reply>((resolveReply, rejectReply) => {
          if (socket.destroyed) {
            rejectReply(new RedisError('Redis connection closed'));
            return;
          }
          pending.push({ resolve: resolveReply, reject: rejectReply });
          socket.write(encodeCommand(args));
        }),
      close: () => socket.destroy(),
      closed,
    };
    socket.once(url.protocol === 'rediss:' ? 'secureConnect' : 'connect', async () => {
      try {
        if (url.password) {
          const user = decodeURIComponent(url.username);
          const password = decodeURIComponent(url.password);
          await connection.send(user ? ['AUTH', user, password] : ['AUTH', password]);
        }
        settled = true;
        resolve(connection);
      } catch (error) {
        socket.destroy();
        fail(error as Error);
      }
    });
  });
}

/**
 * Fans messages out through Redis pub/sub: every instance subscribed to a channel hears every publish,
 * its own included. Two connections, because a subscribed Redis connection accepts no PUBLISH.
 * A dropped connection is reopened (and re-subscribed) after a short pause.
 */
export async function createRedisBus(redisUrl: string, options: { onError?: (error: Error) => void } = {}): Promise<EventBus> {
  const url = new URL(redisUrl);
  const handlers = new Map<string, Set<(message: string) => void>>();
  let isClosed = false;
  const reportError = options.onError ?? (() => undefined);

  const onPush = (reply: Reply[]) => {
    const [, channel, payload] = reply;
    if (typeof channel !== 'string' || typeof payload !== 'string') return;
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  };

  let publisher = await connect(url, () => undefined);
  let subscriber = await connect(url, onPush);

  const keepOpen = (which: 'publisher' | 'subscriber') => {
    const current = which === 'publisher' ? publisher : subscriber;
    void current.closed.then(async function reopen(): Promise<void> {
      if (isClosed) return;
      await new Promise((r) => setTimeout(r, 500));
      if (isClosed) return;
      try {
        const next = await connect(url, which === 'publisher' ? () => undefined : onPush);
        if (which === 'publisher') publisher = next;
        else {
          subscriber = next;
          for (const channel of handlers.keys()) await next.send(['SUBSCRIBE', channel]);
        }
        keepOpen(which);
      } catch (error) {
        reportError(error as Error);
        return reopen();
      }
    });
  };
  keepOpen('publisher');
  keepOpen('subscriber');

  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.send(['PUBLISH', channel, message]);
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await subscriber.send(['SUBSCRIBE', channel]);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(channel);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(channel);
          subscriber.send(['UNSUBSCRIBE', channel]).catch(() => undefined);
        }
      };
    },
    async close() {
      isClosed = true;
      handlers.clear();
      publisher.close();
      subscriber.close();
      await Promise.all([publisher.closed, subscriber.closed]);
    },
  };
}
