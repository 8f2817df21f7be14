import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { createTestDatabase, type DatabaseKind } from '../tests/integration/test-app.ts';

const settings = { connections: 10, duration: 5, pipelining: 1 } as const;

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, ...settings });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * GET /api/services on the real app against a bare Fastify route serving the same JSON (the seeded catalog, as
 * the app answers it), same process and settings.
 */
export async function measureApiThroughput(kind: DatabaseKind) {
  const database = await createTestDatabase(kind);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
  await seedDatabase(app.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const catalog: unknown = (await app.inject({ method: 'GET', url: '/api/services' })).json();

  const bare = Fastify();
  bare.get('/bare', () => catalog);
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const address = (server: { server: { address: () => ReturnType<typeof bare.server.address> } }) => {
    const info = server.server.address();
    return typeof info === 'object' && info ? `http://127.0.0.1:${info.port}` : '';
  };
  const bareRps = await requestsPerSecond(`${address(bare)}/bare`);
  const servicesRps = await requestsPerSecond(`${address(app)}/api/services`);

  await app.close();
  await database.close();
  await bare.close();
  return { bareRps, servicesRps, ratio: servicesRps / bareRps };
}
