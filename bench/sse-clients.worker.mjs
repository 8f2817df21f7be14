// The SSE clients of bench/notification-latency.ts, in their own thread so that reading events never waits
// for the server's work (PGlite runs on the main thread). Plain JavaScript: a worker needs no TS loader.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { port, cookies } = workerData;
const now = () => performance.timeOrigin + performance.now();
const requests = [];

function open(index, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/notifications/stream', headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk) => {
          buffer += chunk;
          let split;
          while ((split = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            if (block.startsWith('event: notification')) parentPort.postMessage({ type: 'event', index, at: now() });
            else if (block.includes(': connected')) resolve();
          }
        });
        response.on('error', () => undefined);
      },
    );
    request.on('error', reject);
    requests.push(request);
  });
}

for (let i = 0; i < cookies.length; i += 100) {
  await Promise.all(cookies.slice(i, i + 100).map((cookie, j) => open(i + j, cookie)));
}
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (message) => {
  if (message === 'close') {
    for (const request of requests) request.destroy();
    parentPort.close();
  }
});
