import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle } from './bundle-size.ts';
import { measureApiThroughput } from './api-throughput.ts';
import { notificationLatencyLines } from './notification-latency.ts';

// Figures, not pass/fail: each is one run on this machine, printed for the closing notes.
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const bundle = await measureBundle(rootDir);
console.log(`JS loaded by / (gzip): ${kb(bundle.appBytes)}; React hello baseline: ${kb(bundle.helloBytes)}; ratio ${bundle.ratio.toFixed(2)}x (target <= 1.6x)`);

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
for (const kind of ['postgres', 'pglite'] as const) {
  const api = await measureApiThroughput(kind);
  console.log(
    `GET /api/services on ${kind}: ${api.servicesRps.toFixed(0)} req/s; bare Fastify route: ${api.bareRps.toFixed(0)} req/s; ratio ${api.ratio.toFixed(2)} (target >= 0.5 on PostgreSQL)`,
  );
}

for (const line of await notificationLatencyLines()) console.log(line);
