// The clients of the live-event benches (bench/notification-latency.ts, bench/tracking-latency.ts), in their own
// thread so that reading events and timing requests never waits for the server's work (PGlite runs on the main
// thread). Plain JavaScript: a worker needs no TS loader.
//
// workerData: { port, cookies, changes? }. One SSE stream per cookie; each `event: notification` is posted as
// { type: 'event', index, at }, and with `changes` each `event: change` as { type: 'change', index, at, topic, id }
// (index: the cookie's place in `cookies`; at: arrival on the shared wall clock).
// Messages in: 'close'; or { type: 'post', requests: [{ seq, delayMs, path, cookie, body }] }: each request is
// POSTed as JSON `delayMs` after the message arrived, and answered { type: 'posted', seq, status, startedAt,
// answeredAt, body? } (startedAt just before the request is written; body only for a status >= 300).
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

const { port, cookies, changes = false } = workerData;
const now = () => performance.timeOrigin + performance.now();
const requests = [];
// Kept-alive connections for the POSTs, as a phone keeps its own to the API.
const agent = new http.Agent({ keepAlive: true });

function open(index, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/notifications/stream', headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk) => {
          const at = now();
          buffer += chunk;
          let split;
          while ((split = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            if (block.startsWith('event: notification')) parentPort.postMessage({ type: 'event', index, at });
            else if (changes && block.startsWith('event: change')) {
              const data = JSON.parse(block.slice(block.indexOf('data: ') + 'data: '.length));
              parentPort.postMessage({ type: 'change', index, at, topic: data.topic, id: data.id });
            } else if (block.includes(': connected')) resolve();
          }
        });
        response.on('error', () => undefined);
      },
    );
    request.on('error', reject);
    requests.push(request);
  });
}

function post({ seq, path, cookie, body }) {
  const payload = JSON.stringify(body);
  const startedAt = now();
  const answer = (status, text) =>
    parentPort.postMessage({
      type: 'posted',
      seq,
      status,
      startedAt,
      answeredAt: now(),
      ...(status >= 300 || status === 0 ? { body: text } : {}),
    });
  const request = http.request(
    {
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent,
      headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    },
    (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => answer(response.statusCode, text));
    },
  );
  request.on('error', (error) => answer(0, String(error)));
  request.end(payload);
}

for (let i = 0; i < cookies.length; i += 100) {
  await Promise.all(cookies.slice(i, i + 100).map((cookie, j) => open(i + j, cookie)));
}
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (message) => {
  if (message === 'close') {
    for (const request of requests) request.destroy();
    agent.destroy();
    parentPort.close();
  } else if (message.type === 'post') {
    for (const request of message.requests) setTimeout(() => post(request), request.delayMs);
  }
});
