// The server the Lighthouse runs of bench/lighthouse.ts load pages from, in a process of its own so that
// Lighthouse's work never delays its answers: the built client (BENCH_CLIENT_DIR) on a fresh in-memory PGlite
// with the seed (demo accounts included), as tests/e2e/server.ts starts it, in the mode `npm start` runs
// (development: the demo accounts exist, cookies are not Secure on plain http). It listens on a free loopback
// port and prints `{"url": "http://127.0.0.1:<port>"}` on one line once it answers; SIGTERM closes it.
import net from 'node:net';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { createCatalogCache } from '../server/catalog/catalog-cache.ts';

const clientDir = process.env.BENCH_CLIENT_DIR;
if (!clientDir) throw new Error('BENCH_CLIENT_DIR: the built client to serve');

/** A loopback port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url });
const database = await openDatabase({ dataDir: undefined });
await seedDatabase({ db: database.db, catalogCache: createCatalogCache() }, { demoMode: true, config });
const app = await buildApp({ config, database, clientDir });

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});

await app.listen({ port, host: '127.0.0.1' });
console.log(JSON.stringify({ url }));
